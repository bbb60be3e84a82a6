import type { FastifyReply } from 'fastify';
import { jsonWithMedia } from './json-with-media.js';
import { openEventStream } from './open-event-stream.js';
import { writeStreamed } from './streamed-answer.js';

/**
 * A server-sent event stream in the spec's framing: every event is one `data: {json}` line
 * followed by a blank line; comments (`: keep-alive`) keep idle connections open. Written
 * directly so that nothing else (ids, event names) ever appears in the stream.
 */
export class SseStream {
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  /** True while an event carrying media is being written: nothing may cut into it. */
  private streaming = false;

  constructor(
    private readonly reply: FastifyReply,
    private readonly timing: { heartbeatMs: number; writeTimeoutMs: number },
  ) {
    const raw = openEventStream(reply);
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), timing.heartbeatMs);
    raw.once('close', () => this.stop());
  }

  /** A small event (progress, errors). */
  send(event: object): void {
    this.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  /**
   * The final event, whose `media` fields are files sent as base64 while they are read, with
   * backpressure: a client that reads slowly holds one socket buffer of it in memory.
   */
  async sendWithMedia(
    media: Readonly<Record<string, string>>,
    fields: Readonly<Record<string, unknown>>,
  ): Promise<void> {
    if (this.closed) return;
    this.streaming = true;
    try {
      await writeStreamed(this.reply.raw, framed(jsonWithMedia(media, fields)), this.timing.writeTimeoutMs);
    } finally {
      this.streaming = false;
    }
  }

  end(): void {
    if (this.closed) return;
    this.stop();
    this.reply.raw.end();
  }

  private write(text: string): void {
    if (!this.closed && !this.streaming && !this.reply.raw.writableEnded) this.reply.raw.write(text);
  }

  private stop(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
  }
}

async function* framed(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  yield 'data: ';
  yield* pieces;
  yield '\n\n';
}
