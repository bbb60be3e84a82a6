import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An AbortSignal that fires when the client goes away before its response is finished, including
 * a client gone before the handler asked: a request whose body broke in the packet that carried
 * its head is refused by Node's parser, and its socket closed, before any hook or handler runs.
 * Listening for a 'close' that has already happened would wait for ever.
 */
export function abortOnDisconnect(request: FastifyRequest, reply: FastifyReply): AbortController {
  const controller = new AbortController();
  const onClose = (): void => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  if (socketClosed(request)) {
    onClose();
    return controller;
  }
  request.raw.once('close', () => {
    // The request stream also closes once its body is read; only a dead socket means "gone".
    if (socketClosed(request)) onClose();
  });
  reply.raw.once('close', onClose);
  return controller;
}

/** Whether the request's connection is closed (the client left, or the server refused it). */
function socketClosed(request: FastifyRequest): boolean {
  return request.raw.socket.destroyed;
}
