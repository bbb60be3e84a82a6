import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Raised when the server sends nothing for `idleMs` (a stall before or during the body). */
export class ServerStalled extends Error {
  constructor(readonly idleMs: number) {
    super(`no data for ${idleMs} ms`);
    this.name = 'ServerStalled';
  }
}

/**
 * A GET over Node's own http/https client whose connection goes to `address` and nowhere else:
 * the lookup answers the address checked by the caller, so a second DNS answer cannot swap it
 * (rebinding). TLS still verifies the certificate against the link's host name. One connection
 * per request (no agent), closed after it.
 *
 * Node's client is used rather than undici: undici 7 aborts the whole process with
 * `assert(!this.paused)` when an HTTP/1.0 server ends a body by closing the connection while the
 * body is paused for backpressure, and any public server answering that way would end the service.
 *
 * Every error of the connection, before or after the response, rejects or destroys the response
 * stream: none is left without a listener, so none can reach the process.
 */
export function requestPinned(
  url: URL,
  address: ResolvedAddress,
  options: { signal: AbortSignal; idleMs: number; headers: Record<string, string> },
): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'GET',
      agent: false,
      lookup: pinnedLookup(address),
      headers: { ...options.headers, connection: 'close', 'accept-encoding': 'identity' },
      signal: options.signal,
    });
    let response: IncomingMessage | undefined;
    request.setTimeout(options.idleMs, () => request.destroy(new ServerStalled(options.idleMs)));
    request.on('error', (error) => {
      if (!response) return reject(error);
      // Bytes after a complete body (a Content-Length that lied short) are the server's fault:
      // what it declared has arrived whole, so it is kept.
      if (!response.complete) response.destroy(error);
    });
    request.on('response', (incoming) => {
      response = incoming;
      resolve(incoming);
    });
    request.end();
  });
}

/** A lookup that always answers the address already checked. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}
