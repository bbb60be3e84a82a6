import { lookup as dnsLookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BadInput, Cancelled, TooLarge, quoteInput, whenAborted } from '@voxlate/core';
import { isPublicAddress } from './address-policy.js';
import { requestPinned, ServerStalled, type ResolvedAddress } from './pinned-request.js';

export interface UrlImportOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Lifts the address policy (VOXLATE_ALLOW_PRIVATE_URLS=1, for local use and tests). */
  allowPrivate: boolean;
  /** Longest silence of the server, before or during the body (15 s by default). */
  idleMs?: number;
  /** Name resolution; the system resolver by default. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** The address policy; public unicast only by default. */
  isAllowed?: (address: string) => boolean;
}

const TOO_LARGE = 'File max 150MB';
const DEFAULT_IDLE_MS = 15_000;

/**
 * Downloads a user-given link into a file without letting it reach the machine's own
 * network: every hop (the first request and each of at most N redirects) is resolved,
 * every address checked, and the connection pinned to the checked address so a second DNS
 * answer cannot swap it (rebinding). Size and time are capped while streaming.
 */
export async function importUrl(
  link: string,
  destination: string,
  options: UrlImportOptions,
  signal: AbortSignal,
): Promise<void> {
  // One controller for the whole import, so no timer or listener outlives it.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  // A client gone before the import began takes nothing from the link.
  const stopOnAbort = whenAborted(signal, () => controller.abort());
  let url = parseLink(link);
  try {
    for (let hop = 0; hop <= options.maxRedirects; hop++) {
      const next = await fetchHop(url, destination, options, controller.signal);
      if (!next) return;
      url = parseLink(new URL(next, url).toString());
    }
    throw new BadInput(`The link redirected more than ${options.maxRedirects} times.`);
  } catch (error) {
    if (signal.aborted) throw new Cancelled();
    if (timedOut) throw new BadInput(`The link took longer than ${options.timeoutMs / 1000} s to download.`);
    throw error;
  } finally {
    clearTimeout(timer);
    stopOnAbort();
  }
}

/**
 * A link checked as its import's first hop will be (written right, its host found, its address
 * allowed), so a job that fetches it later is refused at once rather than failing in the queue.
 * The import checks every hop again when it runs.
 */
export async function admitLink(link: string, options: UrlImportOptions): Promise<URL> {
  const url = parseLink(link);
  await checkedAddress(url, options);
  return url;
}

export function parseLink(link: string): URL {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new BadInput('Please enter a valid http or https URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BadInput(`Only http and https links can be imported, not ${url.protocol.replace(':', '')}.`);
  }
  if (url.username || url.password) throw new BadInput('Links with a user name or password cannot be imported.');
  return url;
}

/** One request; returns the redirect target, or undefined once the body is saved. */
async function fetchHop(
  url: URL,
  destination: string,
  options: UrlImportOptions,
  signal: AbortSignal,
): Promise<string | undefined> {
  const pinned = await checkedAddress(url, options);
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  let response: IncomingMessage | undefined;
  try {
    response = await requestPinned(url, pinned, { signal, idleMs, headers: { 'user-agent': 'Voxlate/0.1' } });
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) return location;
    if (status !== 200) throw new BadInput(`The link answered with HTTP ${status}, not a file.`);
    const declared = declaredLength(response);
    if (declared !== undefined && declared > options.maxBytes) throw new TooLarge(TOO_LARGE);
    await saveBody(response, destination, options.maxBytes, declared, signal);
    return undefined;
  } catch (error) {
    await rm(destination, { force: true });
    throw asImportError(error, idleMs);
  } finally {
    response?.destroy();
  }
}

/** Streams the body to the file, capped in size; a body shorter than its Content-Length is an error. */
async function saveBody(
  response: IncomingMessage,
  destination: string,
  maxBytes: number,
  declared: number | undefined,
  signal: AbortSignal,
): Promise<void> {
  const counter = byteCap(maxBytes);
  try {
    await pipeline(response, counter.stream, createWriteStream(destination), { signal });
  } catch (error) {
    // Node says 'aborted' when the connection closed in the middle of a declared body.
    const closedEarly = (error as Error).message === 'aborted';
    if (closedEarly && declared !== undefined) throw new IncompleteBody(counter.seen(), declared);
    throw error;
  }
}

function declaredLength(response: IncomingMessage): number | undefined {
  const header = response.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

async function checkedAddress(url: URL, options: UrlImportOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const resolve = options.resolve ?? systemResolve;
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host).catch(() => []);
  if (addresses.length === 0) throw new BadInput(`The link's host ${quoteInput(url.hostname)} could not be found.`);
  const allowed = options.isAllowed ?? isPublicAddress;
  if (!options.allowPrivate && addresses.some((entry) => !allowed(entry.address))) {
    throw new BadInput(
      'The link points to a private, local or reserved network address, which cannot be imported. ' +
        'To import from this machine or its own network, start the service with VOXLATE_ALLOW_PRIVATE_URLS=1.',
    );
  }
  return addresses[0]!;
}

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

function byteCap(maxBytes: number): { stream: Transform; seen: () => number } {
  let seen = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new TooLarge(TOO_LARGE));
      else callback(null, chunk);
    },
  });
  return { stream, seen: () => seen };
}

class IncompleteBody extends Error {
  constructor(
    readonly received: number,
    readonly declared: number,
  ) {
    super(`body ended after ${received} of ${declared} bytes`);
  }
}

/** Every failure of the download becomes a clear BadInput that says what the server did. */
function asImportError(error: unknown, idleMs: number): unknown {
  if (error instanceof BadInput || error instanceof TooLarge || error instanceof Cancelled) return error;
  if ((error as { name?: string }).name === 'AbortError') return error;
  if (error instanceof IncompleteBody) {
    return new BadInput(
      `The link's server closed the connection before the whole file arrived (${error.received} of ${error.declared} bytes).`,
    );
  }
  if (error instanceof ServerStalled) {
    return new BadInput(`The link's server stopped sending data for ${idleMs / 1000} s.`);
  }
  const rawCode = (error as { code?: unknown }).code;
  const code = typeof rawCode === 'string' ? rawCode : '';
  if (code === 'ECONNRESET') {
    return new BadInput("The link's server reset the connection before the whole file arrived.");
  }
  if (code === 'ECONNREFUSED') return new BadInput("The link's server refused the connection.");
  if (code.startsWith('HPE_')) return new BadInput("The link's server sent an answer that is not valid HTTP.");
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL')) {
    return new BadInput(`The link's secure connection could not be verified (${code}).`);
  }
  return new BadInput(`The link could not be downloaded (${code || 'network error'}).`);
}
