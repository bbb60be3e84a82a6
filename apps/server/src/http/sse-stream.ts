import type { FastifyReply } from 'fastify';

/**
 * A server-sent event stream in the spec's framing: every event is one `data: {json}` line
 * followed by a blank line; comments (`: keep-alive`) keep idle connections open. Written
 * directly so that nothing else (ids, event names) ever appears in the stream.
 */
export class SseStream {
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly reply: FastifyReply,
    heartbeatMs: number,
  ) {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...headersOf(reply),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    raw.flushHeaders();
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), heartbeatMs);
    raw.once('close', () => this.stop());
  }

  send(event: object): void {
    this.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  end(): void {
    if (this.closed) return;
    this.stop();
    this.reply.raw.end();
  }

  private write(text: string): void {
    if (!this.closed && !this.reply.raw.writableEnded) this.reply.raw.write(text);
  }

  private stop(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
  }
}

/** Headers set by hooks before hijacking (CORS, rate-limit) still belong on the response. */
function headersOf(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}
