import WebSocket from 'ws';
import {
  type LiveAudio,
  type LiveCaption,
  type LiveError,
  type LiveReady,
  type LiveServerMessage,
} from '@voxlate/contract';
import { LiveLagClock, LiveMessageReader } from '@voxlate/shared';

/** Everything a live session sent, as a client saw it, with when (ms, performance.now()). */
export interface LiveTranscript {
  ready?: LiveReady;
  captions: (LiveCaption & { at: number })[];
  audio: (LiveAudio & { at: number; pcm: Buffer })[];
  errors: LiveError[];
  done: boolean;
  close: { code: number; reason: string };
}

/**
 * A live translation client over the service's WebSocket, as the studio and the bench use it:
 * collects captions, assembles each line's audio from its header and binary frames, and says
 * when the first byte of each line's audio arrived.
 */
export class LiveClient {
  readonly transcript: LiveTranscript = {
    captions: [],
    audio: [],
    errors: [],
    done: false,
    close: { code: 0, reason: '' },
  };
  /** Resolves with the `ready` message, or rejects when the socket closes first. */
  readonly ready: Promise<LiveReady>;
  readonly closed: Promise<LiveTranscript>;
  /** Resolves once the socket is open (messages may be sent), or rejects when the upgrade is refused. */
  readonly opened: Promise<void>;
  /** The status of a refused upgrade (401 for a wrong key), once known. */
  refusedWith: number | undefined;
  private readonly socket: WebSocket;
  private readonly reader = new LiveMessageReader({
    message: (message) => this.take(message),
    audio: (header, pcm) => {
      const at = this.headerAt.get(header.id) ?? performance.now();
      this.transcript.audio.push({ ...header, at, pcm: Buffer.from(pcm) });
    },
  });
  /** When each line's audio header (its first byte) arrived. */
  private readonly headerAt = new Map<number, number>();

  constructor(url: string, headers: Record<string, string> = {}, protocols: string[] = []) {
    this.socket = new WebSocket(url, protocols, { headers });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('unexpected-response', (_request, response) => {
        this.refusedWith = response.statusCode;
        reject(new Error(`upgrade refused with ${response.statusCode}`));
        this.socket.terminate();
      });
      this.socket.once('close', () => reject(new Error('closed before it opened')));
    });
    this.opened.catch(() => undefined);
    this.closed = new Promise((resolve) => {
      this.socket.once('close', (code, reason) => {
        this.transcript.close = { code, reason: reason.toString() };
        resolve(this.transcript);
      });
    });
    this.socket.on('error', () => undefined);
    this.ready = new Promise((resolve, reject) => {
      this.socket.on('message', (data, isBinary) => {
        if (isBinary) return this.reader.binary(data as Buffer);
        this.reader.text((data as Buffer).toString('utf8'));
        if (this.transcript.ready) resolve(this.transcript.ready);
      });
      void this.closed.then((transcript) =>
        reject(
          new Error(`closed ${transcript.close.code}: ${transcript.errors.at(-1)?.error ?? transcript.close.reason}`),
        ),
      );
    });
    this.ready.catch(() => undefined);
  }

  /** Sends PCM (16 kHz mono s16le). */
  send(pcm: Buffer): void {
    this.socket.send(pcm, { binary: true });
  }

  sendText(text: string): void {
    this.socket.send(text);
  }

  /** Ends the stream and waits for the remaining lines, `done` and the close. */
  end(): Promise<LiveTranscript> {
    this.socket.send(JSON.stringify({ type: 'end' }));
    return this.closed;
  }

  /** Drops the connection without a word, as a vanished client does. */
  terminate(): void {
    this.socket.terminate();
  }

  /** Stops reading (the socket's buffers fill up), as a stalled client does. */
  pauseReading(): void {
    this.socket.pause();
  }

  private take(message: LiveServerMessage): void {
    const at = performance.now();
    if (message.type === 'ready') this.transcript.ready = message;
    else if (message.type === 'caption') this.transcript.captions.push({ ...message, at });
    else if (message.type === 'error') this.transcript.errors.push(message);
    else if (message.type === 'done') this.transcript.done = true;
    else this.headerAt.set(message.id, at);
  }
}

/**
 * Sends PCM in frames of `frameMs` at the pace it would be spoken (`pace` 2 = twice as fast);
 * returns when each frame was sent, for lag measurements.
 */
export async function streamAtPace(client: LiveClient, pcm: Buffer, frameMs = 40, pace = 1): Promise<LiveLagClock> {
  const frameBytes = (16000 * 2 * frameMs) / 1000;
  const sentAt = new LiveLagClock();
  const start = performance.now();
  for (let k = 0; k * frameBytes < pcm.length; k++) {
    const due = start + (k * frameMs) / pace;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const frame = pcm.subarray(k * frameBytes, (k + 1) * frameBytes);
    sentAt.sent(frame.length / 32000, performance.now());
    client.send(frame);
  }
  return sentAt;
}
