import { liveQueryOf, type LiveAudio, type LiveServerMessage } from '@voxlate/contract';
import { LiveMessageReader } from '@voxlate/shared';

export interface LiveConnectionEvents {
  message(message: LiveServerMessage): void;
  audio(header: LiveAudio, pcm: Uint8Array): void;
  /** The socket closed: with `done` after a clean end, else with the server's last error or the close reason. */
  closed(code: number, reason: string): void;
}

/** The studio's side of /api/live: a WebSocket to the service that served the page. */
export class LiveConnection {
  private readonly socket: WebSocket;
  private readonly reader: LiveMessageReader;

  /** `glossaryId`: a glossary whose "say as" respellings the voice reads. */
  constructor(source: string, target: string, events: LiveConnectionEvents, glossaryId?: string) {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const query = liveQueryOf({
      sourceLanguage: source,
      targetLanguage: target,
      ...(glossaryId === undefined ? {} : { glossaryId }),
    });
    this.socket = new WebSocket(`${scheme}://${location.host}/api/live?${query}`);
    this.socket.binaryType = 'arraybuffer';
    this.reader = new LiveMessageReader(events);
    this.socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (typeof event.data === 'string') this.reader.text(event.data);
      else this.reader.binary(new Uint8Array(event.data));
    };
    this.socket.onclose = (event) => events.closed(event.code, event.reason);
  }

  send(pcm: ArrayBuffer): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(pcm);
  }

  /** The speaker has stopped: the service finishes the last lines, sends `done` and closes. */
  end(): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: 'end' }));
  }

  close(): void {
    this.socket.close();
  }
}
