import type { LiveAudio, LiveServerMessage } from '@voxlate/contract';

export interface LiveReaderEvents {
  /** Every JSON message, as it arrives (an `audio` header too, before its speech). */
  message(message: LiveServerMessage): void;
  /** A line's dubbed speech, once all of its bytes have arrived. */
  audio(header: LiveAudio, pcm: Uint8Array): void;
}

/**
 * Reads what a live session sends: JSON text frames, and after each `audio` header the binary
 * frames of that line's speech until its `bytes` have come. The studio's client and the Node
 * clients (CLI tests, the bench) read the protocol through this one class.
 */
export class LiveMessageReader {
  private pending: { header: LiveAudio; pcm: Uint8Array; received: number } | undefined;

  constructor(private readonly events: LiveReaderEvents) {}

  text(data: string): void {
    const message = JSON.parse(data) as LiveServerMessage;
    this.events.message(message);
    if (message.type !== 'audio') return;
    this.pending = { header: message, pcm: new Uint8Array(message.bytes), received: 0 };
    if (message.bytes === 0) this.complete();
  }

  binary(data: Uint8Array): void {
    const line = this.pending;
    if (!line) throw new Error('Audio arrived with no header before it.');
    if (line.received + data.length > line.pcm.length) throw new Error('More audio arrived than its header said.');
    line.pcm.set(data, line.received);
    line.received += data.length;
    if (line.received === line.pcm.length) this.complete();
  }

  private complete(): void {
    const line = this.pending!;
    this.pending = undefined;
    this.events.audio(line.header, line.pcm);
  }
}
