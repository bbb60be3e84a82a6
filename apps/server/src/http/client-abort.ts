import type { FastifyReply, FastifyRequest } from 'fastify';

/** An AbortSignal that fires when the client goes away before its response is finished. */
export function abortOnDisconnect(request: FastifyRequest, reply: FastifyReply): AbortController {
  const controller = new AbortController();
  const onClose = (): void => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  request.raw.once('close', () => {
    // The request stream also closes once its body is read; only a dead socket means "gone".
    if (request.raw.socket.destroyed) onClose();
  });
  reply.raw.once('close', onClose);
  return controller;
}
