import { lookup as dnsLookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import { isIP } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';
import { BadInput, Cancelled, TooLarge } from '@voxlate/core';
import { isPublicAddress } from './address-policy.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface UrlImportOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Lifts the address policy (VOXLATE_ALLOW_PRIVATE_URLS=1, for local use and tests). */
  allowPrivate: boolean;
  /** Name resolution; the system resolver by default. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** The address policy; public unicast only by default. */
  isAllowed?: (address: string) => boolean;
}

const TOO_LARGE = 'File max 150MB';

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
  const onAbort = (): void => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
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
    signal.removeEventListener('abort', onAbort);
  }
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
  const dispatcher = new Agent({ connect: { lookup: pinnedLookup(pinned) } });
  try {
    const response = await request(url, {
      dispatcher,
      signal,
      method: 'GET',
      headers: { 'user-agent': 'Voxlate/0.1' },
    });
    const location = response.headers['location'];
    if (response.statusCode >= 300 && response.statusCode < 400 && location) {
      await response.body.dump();
      return Array.isArray(location) ? location[0] : location;
    }
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new BadInput(`The link answered with HTTP ${response.statusCode}, not a file.`);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > options.maxBytes) {
      await response.body.dump();
      throw new TooLarge(TOO_LARGE);
    }
    await pipeline(response.body, byteCap(options.maxBytes), createWriteStream(destination), { signal });
    return undefined;
  } catch (error) {
    throw asImportError(error);
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}

async function checkedAddress(url: URL, options: UrlImportOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const resolve = options.resolve ?? systemResolve;
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host).catch(() => []);
  if (addresses.length === 0) throw new BadInput(`The link's host "${url.hostname}" could not be found.`);
  const allowed = options.isAllowed ?? isPublicAddress;
  if (!options.allowPrivate && addresses.some((entry) => !allowed(entry.address))) {
    throw new BadInput('The link points to a private, local or reserved network address, which cannot be imported.');
  }
  return addresses[0]!;
}

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

type LookupCallback = (error: Error | null, address: string | ResolvedAddress[], family?: number) => void;

/** A lookup that always answers the address already checked. */
function pinnedLookup(pinned: ResolvedAddress) {
  return (_hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function byteCap(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new TooLarge(TOO_LARGE));
      else callback(null, chunk);
    },
  });
}

function asImportError(error: unknown): unknown {
  if (error instanceof BadInput || error instanceof TooLarge || error instanceof Cancelled) return error;
  if ((error as { name?: string }).name === 'AbortError') return error;
  const code = (error as { code?: string }).code ?? (error as Error).message;
  return new BadInput(`The link could not be downloaded (${code}).`);
}
