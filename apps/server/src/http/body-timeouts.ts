import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

export interface BodyTimeouts {
  /** Longest pause in a request body before the request is refused. */
  idleMs: number;
  /** Longest time a whole request body may take (150 MB at 250 KB/s by default). */
  totalMs: number;
}

/**
 * Refuses with 408 and a JSON `{error}` a request whose body stalls for `idleMs` or takes longer
 * than `totalMs`, then closes the connection: a client that stops half-way through an upload
 * otherwise holds its request (and its half-written file) open for ever. The reading side (the
 * multipart or JSON parser) then sees the connection end and gives up; its folder is removed.
 */
export function refuseStalledBodies(app: FastifyInstance, timeouts: BodyTimeouts): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (hasBody(request)) watchBody(request, reply, timeouts);
    done();
  });
}

function hasBody(request: FastifyRequest): boolean {
  const { headers } = request.raw;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

function watchBody(request: FastifyRequest, reply: FastifyReply, timeouts: BodyTimeouts): void {
  const raw = request.raw;
  const refuse = (message: string): void => {
    stop();
    // Destroying the request stream with an error is what tells its reader (busboy, the JSON
    // parser) that no more is coming; a closed socket alone does not, once the answer is sent.
    const endBody = (): void => void raw.destroy(new HttpError(408, message));
    if (reply.sent || reply.raw.headersSent) return endBody();
    request.log.info({ error: message }, 'request body refused');
    reply.raw.once('finish', endBody);
    void reply.code(408).header('Connection', 'close').send({ error: message });
  };
  const onIdle = (): void => refuse(`The upload stalled: no data arrived for ${seconds(timeouts.idleMs)}.`);
  const total = setTimeout(
    () =>
      refuse(`The upload took longer than ${seconds(timeouts.totalMs)}; try a faster connection or a smaller file.`),
    timeouts.totalMs,
  );
  const stop = (): void => {
    clearTimeout(total);
    raw.removeListener('timeout', onIdle);
    raw.setTimeout(0);
  };
  // The socket's idle timer: Node emits 'timeout' on the request while its body is incomplete.
  raw.setTimeout(timeouts.idleMs);
  raw.on('timeout', onIdle);
  raw.once('end', stop);
  raw.once('close', stop);
}

function seconds(ms: number): string {
  return ms >= 120_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} s`;
}
