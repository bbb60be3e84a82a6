import { EngineUnavailable } from '@voxlate/core';

/** What the hub says about one file before any byte is fetched. */
export interface HubFileInfo {
  /** Where the bytes are: the CDN's signed URL for LFS/Xet files, the resolve URL for small ones. */
  source: string;
  size?: number;
  /** Only ever the hub's own statement (X-Linked-Etag), never a CDN's ETag. */
  sha256?: string;
}

const SHA256 = /^[0-9a-f]{64}$/;
const MAX_RELATIVE_REDIRECTS = 5;

/**
 * Asks the hub about a `resolve/` URL with a HEAD request that does not follow the redirect to
 * the CDN: the hub's 302 is the only answer carrying the file's size and sha256
 * (`X-Linked-Size`, `X-Linked-Etag`). Redirects within the hub (a renamed repository answers with
 * a relative 307) are followed. `Accept-Encoding: identity`, because the hub gzips small files and
 * a compressed `Content-Length` is not the file's size.
 */
export async function resolveHubFile(url: string, signal?: AbortSignal): Promise<HubFileInfo> {
  let current = url;
  for (let hop = 0; hop <= MAX_RELATIVE_REDIRECTS; hop++) {
    const response = await fetch(current, {
      method: 'HEAD',
      redirect: 'manual',
      headers: { 'accept-encoding': 'identity' },
      ...(signal ? { signal } : {}),
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, current);
      if (next.origin === new URL(current).origin && !hasLinkedHeaders(response)) {
        current = next.href;
        continue;
      }
      return { source: next.href, ...statedByHub(response) };
    }
    if (response.status === 200) return { source: current, ...statedByHub(response) };
    throw new EngineUnavailable(`Downloading ${url} failed: ${describeStatus(response)}.`);
  }
  throw new EngineUnavailable(`Downloading ${url} failed: more than ${MAX_RELATIVE_REDIRECTS} redirects.`);
}

function hasLinkedHeaders(response: Response): boolean {
  return response.headers.has('x-linked-size') || response.headers.has('x-linked-etag');
}

/**
 * Size and sha256 as the hub states them. A small (git) file's ETag is its git blob sha1, which
 * is not a sha256 and is ignored; its size is the uncompressed Content-Length.
 */
function statedByHub(response: Response): { size?: number; sha256?: string } {
  const linkedSize = Number(response.headers.get('x-linked-size'));
  const length = Number(response.headers.get('content-length'));
  const redirected = response.status >= 300;
  const size = linkedSize > 0 ? linkedSize : !redirected && length > 0 ? length : undefined;
  const linkedEtag = unquote(response.headers.get('x-linked-etag') ?? '');
  return { ...(size !== undefined ? { size } : {}), ...(SHA256.test(linkedEtag) ? { sha256: linkedEtag } : {}) };
}

function unquote(etag: string): string {
  return etag.replace(/^W\//, '').replaceAll('"', '').toLowerCase();
}

function describeStatus(response: Response): string {
  const code = response.headers.get('x-error-code');
  if (response.status === 401 || code === 'RepoNotFound')
    return `HTTP ${response.status}, repository not found (or gated)`;
  if (code === 'EntryNotFound') return `HTTP ${response.status}, no such file in the repository`;
  return `HTTP ${response.status}`;
}
