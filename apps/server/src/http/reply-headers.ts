import type { FastifyReply } from 'fastify';

/**
 * Headers set on a reply by hooks (CORS, rate limit, security headers) before it was hijacked
 * to be written by hand: they still belong on the response.
 */
export function replyHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}
