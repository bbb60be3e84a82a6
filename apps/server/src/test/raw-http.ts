import { connect } from 'node:net';

/** A request as bytes: nothing fixes it up on the way, so malformed ones stay malformed. */
export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Local address to send from (127.0.0.x), so that one runner can be several clients. */
  from?: string;
  /** Send the head and this much of the body, then stop sending (a stalled upload). */
  stallAfter?: number;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The connection closed before a status line arrived. */
  noAnswer: boolean;
  ms: number;
}

/** Serialises a request: `Connection: close` unless the case sets its own, Content-Length from the body unless set. */
export function requestBytes(request: RawRequest, host: string): Buffer {
  const headers: Record<string, string> = { host, connection: 'close', ...lowerKeys(request.headers) };
  if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    headers['content-length'] = String(request.body.length);
  }
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), request.body]);
}

/**
 * Sends the bytes on a fresh connection and reads until the server closes it (every request
 * asks for `Connection: close`). `timeoutMs` bounds the whole exchange.
 */
export function exchange(base: URL, request: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const bytes = requestBytes(request, base.host);
  const sent =
    request.stallAfter === undefined
      ? bytes
      : bytes.subarray(0, bytes.length - request.body.length + request.stallAfter);
  return exchangeBytes(base, sent, { timeoutMs, ...(request.from ? { from: request.from } : {}) });
}

/** Sends bytes exactly as given (even ones that are not HTTP) and reads until the server closes. */
export function exchangeBytes(
  base: URL,
  sent: Buffer | string,
  options: { timeoutMs: number; from?: string },
): Promise<RawResponse> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs;
  return new Promise((resolve) => {
    const socket = connect({
      host: base.hostname,
      port: Number(base.port),
      ...(options.from ? { localAddress: options.from } : {}),
    });
    const chunks: Buffer[] = [];
    const finish = (): void => {
      clearTimeout(timer);
      resolve({ ...parseResponse(Buffer.concat(chunks)), ms: Date.now() - started });
    };
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', finish);
    socket.write(sent);
  });
}

/** Status, headers and the decoded body (chunked transfer undone) of an HTTP/1.1 answer. */
export function parseResponse(raw: Buffer): Omit<RawResponse, 'ms'> {
  // Interim answers (100 Continue) come before the real one.
  while (/^HTTP\/1\.[01] 1\d\d /.test(raw.subarray(0, 20).toString('latin1'))) {
    const interimEnd = raw.indexOf('\r\n\r\n');
    if (interimEnd < 0) break;
    raw = raw.subarray(interimEnd + 4);
  }
  const end = raw.indexOf('\r\n\r\n');
  const statusMatch = /^HTTP\/1\.[01] (\d{3})/.exec(raw.subarray(0, 20).toString('latin1'));
  if (end < 0 || !statusMatch) return { status: 0, headers: {}, body: '', noAnswer: true };
  const headers: Record<string, string> = {};
  for (const line of raw.subarray(0, end).toString('latin1').split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rawBody = raw.subarray(end + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rawBody) : rawBody;
  return { status: Number(statusMatch[1]), headers, body: body.toString('utf8'), noAnswer: false };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < data.length) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
