import { basename, dirname } from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '@voxlate/core';
import { replyHeaders } from './reply-headers.js';

/**
 * Streams a file from disk with Range support (a player seeks, a download resumes), never
 * reading it whole into memory; `downloadName` becomes the attachment's name.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  downloadName: string,
): Promise<void> {
  const result = await send(request.raw, basename(path), { root: dirname(path), dotfiles: 'deny', index: false });
  if (result.type === 'error') {
    if (result.statusCode === 404) throw new NotFound('The file is not there (yet): the job may not have finished.');
    reply.code(result.statusCode).send({ error: result.metadata.error.message });
    return;
  }
  reply.hijack();
  reply.raw.writeHead(result.statusCode, {
    ...replyHeaders(reply),
    ...result.headers,
    'Content-Disposition': attachment(downloadName),
  });
  result.stream.pipe(reply.raw);
  await new Promise<void>((resolve) => {
    reply.raw.once('close', resolve);
    result.stream.once('error', () => {
      reply.raw.destroy();
      resolve();
    });
  });
}

/** A Content-Disposition naming the download, with an ASCII fallback for old clients (RFC 6266). */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
