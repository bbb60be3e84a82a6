import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { jsonWithMedia } from './json-with-media.js';
import { replyHeaders } from './reply-headers.js';

/** Raised when a client has not taken any of the answer for the write timeout. */
export class ClientStalled extends Error {
  constructor(timeoutMs: number) {
    super(`the client read nothing for ${timeoutMs} ms`);
    this.name = 'ClientStalled';
  }
}

/**
 * Writes pieces in order, waiting for the socket to drain whenever its buffer is full, so a
 * client that reads slowly holds one buffer of the answer in memory, not the answer. A client
 * that takes nothing for `timeoutMs` is disconnected (ClientStalled); one that goes away ends
 * the writing (its job was already done).
 */
export async function writeStreamed(
  response: ServerResponse,
  pieces: AsyncIterable<string>,
  timeoutMs: number,
): Promise<void> {
  for await (const piece of pieces) {
    if (response.destroyed) return;
    if (!response.write(piece)) await drained(response, timeoutMs);
  }
}

/**
 * Answers 200 with a JSON object whose `media` fields are files sent as base64 while they are
 * read (see jsonWithMedia): the spec's `{audio, ...}` shape, streamed.
 */
export async function sendJsonWithMedia(
  reply: FastifyReply,
  media: Readonly<Record<string, string>>,
  fields: Readonly<Record<string, unknown>>,
  writeTimeoutMs: number,
): Promise<void> {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, { ...replyHeaders(reply), 'Content-Type': 'application/json; charset=utf-8' });
  try {
    await writeStreamed(response, jsonWithMedia(media, fields), writeTimeoutMs);
    response.end();
  } catch (error) {
    // The status line is gone: all that can be said now is an incomplete answer.
    response.destroy();
    if (!(error instanceof ClientStalled)) throw error;
    reply.log.info({ error: error.message }, 'answer abandoned');
  }
}

function drained(response: ServerResponse, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      finish();
      response.destroy();
      reject(new ClientStalled(timeoutMs));
    }, timeoutMs);
    const done = (): void => {
      finish();
      resolve();
    };
    const finish = (): void => {
      clearTimeout(timer);
      response.removeListener('drain', done);
      response.removeListener('close', done);
    };
    response.once('drain', done);
    response.once('close', done);
  });
}
