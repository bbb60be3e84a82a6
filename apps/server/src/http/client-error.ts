import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Answers requests that Node's HTTP parser refuses before Fastify sees them (a broken request
 * line, a bad chunk size, a Content-Length that is not a number, headers over 16 KB, a request
 * that took too long to arrive) with the same JSON `{error}` shape as every other refusal.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = describe(error.code);
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function describe(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive.'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request headers are larger than 16 KB.'];
  if (code === 'HPE_INVALID_CONTENT_LENGTH' || code === 'HPE_UNEXPECTED_CONTENT_LENGTH') {
    return [400, 'The request has a Content-Length header that is not valid.'];
  }
  if (code === 'HPE_INVALID_CHUNK_SIZE') return [400, 'The request body is not valid chunked encoding.'];
  return [400, 'The request is not valid HTTP/1.1.'];
}
