import type { FastifyReply } from 'fastify';
import { openEventStream } from './open-event-stream.js';

/**
 * A server-sent event stream for the jobs API: named events, each with an `id:` a client that
 * reconnects sends back as Last-Event-ID (unlike the spec endpoints' framing, which has neither).
 */
export class JobEventStream {
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(reply: FastifyReply, heartbeatMs: number) {
    const raw = openEventStream(reply);
    this.raw = raw;
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), heartbeatMs);
    // A response that closed without being ended (the client went away) leaves its socket with
    // it: an open one would hold the server's close for its keep-alive time.
    const socket = raw.socket;
    raw.once('close', () => {
      this.stop();
      if (!raw.writableFinished) socket?.destroy();
    });
  }

  private readonly raw: FastifyReply['raw'];

  /** Resolves when the client goes away. */
  get gone(): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) resolve();
      else this.raw.once('close', () => resolve());
    });
  }

  send(event: string, id: string, data: unknown): void {
    this.write(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /**
   * Ends the stream and its connection (its job has ended, or the service is stopping): left open
   * as keep-alive, the connection would hold the server's close for its keep-alive time (72 s in
   * Fastify).
   */
  close(): void {
    if (this.closed) return;
    this.stop();
    this.raw.end(() => this.raw.socket?.destroy());
  }

  private write(text: string): void {
    if (!this.closed && !this.raw.writableEnded) this.raw.write(text);
  }

  private stop(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
  }
}
