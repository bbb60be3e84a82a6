import type { FastifyReply } from 'fastify';
import { replyHeaders } from './reply-headers.js';

/**
 * Takes the reply over from Fastify and starts a server-sent event stream on it: status, the
 * headers hooks set (CORS, security), the stream's own, sent at once. No Connection header of
 * our own: Node keeps the connection alive unless the client asked to close it, and a forced
 * keep-alive would contradict a client's `Connection: close`.
 */
export function openEventStream(reply: FastifyReply): FastifyReply['raw'] {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...replyHeaders(reply),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  raw.flushHeaders();
  return raw;
}
