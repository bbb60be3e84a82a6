import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';

/**
 * The cookie the studio's sign-in sets (HttpOnly, SameSite=Strict): a session id, never the key
 * (a cookie is kept by the browser and sent on every request; a stolen one must end with sign-out).
 */
export const SESSION_COOKIE = 'voxlate_session';
/**
 * A live WebSocket client may offer its key as a subprotocol, `voxlate-key.<key>`, beside
 * `voxlate` (the one the service answers with, so the key is never echoed back).
 */
export const LIVE_PROTOCOL = 'voxlate';
export const KEY_PROTOCOL_PREFIX = 'voxlate-key.';

/**
 * The key a request carries, wherever it may: `Authorization: Bearer <key>`, `X-API-Key: <key>`,
 * or a WebSocket subprotocol. Never the URL (it ends up in logs), nor a cookie (the studio's
 * cookie holds a session: see SESSION_COOKIE).
 */
export function presentedKey(request: FastifyRequest): string | undefined {
  // Another scheme (a proxy's Basic sign-in) is not ours: the key may still come another way.
  const bearer = /^Bearer\s+(\S*)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1];
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header.trim();
  const protocols = request.headers['sec-websocket-protocol'];
  const offered = protocols
    ?.split(',')
    .map((protocol) => protocol.trim())
    .find((protocol) => protocol.startsWith(KEY_PROTOCOL_PREFIX));
  return offered?.slice(KEY_PROTOCOL_PREFIX.length);
}
