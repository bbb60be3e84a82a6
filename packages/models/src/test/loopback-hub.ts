import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/**
 * A loopback stand-in for the Hugging Face hub that serves the way the real one does, awkward
 * parts included, so a downloader that passes here works against huggingface.co:
 *
 * - Small files (git, not LFS) answer `resolve/<rev>/<file>` with 200, their git blob sha1 as
 *   `ETag` (40 hex, not a sha256) and gzip when the client accepts it (so `Content-Length` is the
 *   compressed size).
 * - Large files (LFS/Xet: `.onnx`, `.bin`, `.onnx_data`, or anything over `lfsThreshold`) answer
 *   `resolve/` with a 302 carrying `X-Linked-Size`, `X-Linked-Etag` (the sha256) and `X-Xet-Hash`,
 *   to a signed URL on another origin (the "CDN", a second server). The CDN's answer carries
 *   neither X-Linked header; its `ETag` is 64 hex digits of a different hash (as Xet's is), it
 *   honours Range, and its signed URLs expire.
 * - A renamed repository answers with a relative 307 to its new name, as the hub does.
 * - Unknown repositories and files: 404 with `X-Error-Code` like the hub's.
 */
export interface LoopbackHubOptions {
  /** repo -> file path -> bytes. */
  repos: Record<string, Record<string, Buffer>>;
  /** Old repo name -> current one. */
  renamed?: Record<string, string>;
  /** How long a CDN URL stays valid (the hub signs them for about an hour). */
  signedUrlLifetimeMs?: number;
  lfsThreshold?: number;
}

export interface HubRequest {
  server: 'hub' | 'cdn';
  method: string;
  path: string;
  range: string | undefined;
}

export interface LoopbackHub {
  /** Base URL to pass as the hub (VOXLATE_HF_MIRROR). */
  url: string;
  requests: HubRequest[];
  /** Cut the next CDN answer for `file` after this many bytes. */
  cutNext(file: string, afterBytes: number): void;
  /** Make the X-Linked-Etag of every file wrong (a corrupt upstream). */
  lieAboutHashes(lie: boolean): void;
  close(): Promise<void>;
}

const LFS_EXTENSIONS = /\.(onnx|onnx_data|bin|safetensors|pt)$/;

export async function startLoopbackHub(options: LoopbackHubOptions): Promise<LoopbackHub> {
  const requests: HubRequest[] = [];
  const cuts = new Map<string, number>();
  const secret = randomBytes(16).toString('hex');
  const lifetime = options.signedUrlLifetimeMs ?? 3_600_000;
  const threshold = options.lfsThreshold ?? 10 * 1024 * 1024;
  let lie = false;
  const isLfs = (file: string, body: Buffer): boolean => LFS_EXTENSIONS.test(file) || body.length > threshold;
  /** Blobs by their Xet-style key, for the CDN. */
  const blobs = new Map<string, { file: string; body: Buffer }>();

  const cdn = createServer((request, response) => {
    requests.push({ server: 'cdn', method: request.method!, path: request.url!, range: request.headers.range });
    const url = new URL(request.url!, 'http://cdn');
    const key = /^\/xet-bridge\/([0-9a-f]{64})$/.exec(url.pathname)?.[1];
    const blob = key ? blobs.get(key) : undefined;
    if (!key || !blob) return void response.writeHead(404).end();
    const expires = Number(url.searchParams.get('Expires'));
    if (url.searchParams.get('Signature') !== sign(secret, key, expires) || Date.now() > expires)
      return void response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error>AccessDenied</Error>');
    serveBytes(request, response, blob.body, { etag: `"${key}"`, cut: takeCut(cuts, blob.file) });
  });

  const hub = createServer((request, response) => {
    requests.push({ server: 'hub', method: request.method!, path: request.url!, range: request.headers.range });
    const match = /^\/(.+?\/.+?)\/resolve\/([^/]+)\/(.+)$/.exec(decodeURIComponent(request.url!.split('?')[0]!));
    if (!match) return void notFound(response, 'EntryNotFound');
    const [, repo, revision, file] = match as unknown as [string, string, string, string];
    const renamedTo = options.renamed?.[repo];
    if (renamedTo) {
      response.writeHead(307, { location: `/${renamedTo}/resolve/${revision}/${file}` });
      return void response.end();
    }
    const files = options.repos[repo];
    if (!files) return void notFound(response, 'RepoNotFound');
    const body = files[file];
    if (!body) return void notFound(response, 'EntryNotFound');
    const commit = createHash('sha1').update(`${repo}@${revision}`).digest('hex');
    if (!isLfs(file, body)) {
      const gitSha1 = createHash('sha1').update(`blob ${body.length}\0`).update(body).digest('hex');
      serveBytes(request, response, body, { etag: `"${gitSha1}"`, commit, gzip: true });
      return;
    }
    const sha256 = lie ? 'f'.repeat(64) : createHash('sha256').update(body).digest('hex');
    // Xet content-addresses with its own hash: 64 hex digits, but not the sha256.
    const xetHash = createHash('sha256').update('xet:').update(body).digest('hex');
    blobs.set(xetHash, { file, body });
    const expires = Date.now() + lifetime;
    const location = `${cdnUrl}/xet-bridge/${xetHash}?Expires=${expires}&Signature=${sign(secret, xetHash, expires)}`;
    response.writeHead(302, {
      location,
      'x-linked-size': String(body.length),
      'x-linked-etag': `"${sha256}"`,
      'x-xet-hash': xetHash,
      'x-repo-commit': commit,
      'content-length': '0',
    });
    response.end();
  });

  const listen = async (server: Server): Promise<string> => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  };
  const cdnUrl = await listen(cdn);
  const hubUrl = await listen(hub);
  const close = (server: Server): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: hubUrl,
    requests,
    cutNext: (file, afterBytes) => void cuts.set(file, afterBytes),
    lieAboutHashes: (value) => void (lie = value),
    close: async () => {
      await Promise.all([close(hub), close(cdn)]);
    },
  };
}

function sign(secret: string, key: string, expires: number): string {
  return createHash('sha256').update(`${secret}:${key}:${expires}`).digest('hex').slice(0, 32);
}

function takeCut(cuts: Map<string, number>, file: string): number | undefined {
  const cut = cuts.get(file);
  cuts.delete(file);
  return cut;
}

function notFound(response: ServerResponse, code: string): void {
  response.writeHead(404, { 'x-error-code': code, 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: code === 'RepoNotFound' ? 'Repository not found' : 'Entry not found' }));
}

/** 200 or 206 (Range), HEAD without a body, gzip on request for small files, an optional cut. */
function serveBytes(
  request: IncomingMessage,
  response: ServerResponse,
  body: Buffer,
  how: { etag: string; commit?: string; gzip?: boolean; cut?: number | undefined },
): void {
  const headers: Record<string, string> = { etag: how.etag, 'accept-ranges': 'bytes' };
  if (how.commit) headers['x-repo-commit'] = how.commit;
  const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
  const start = range ? Number(range[1]) : 0;
  if (start >= body.length && range) {
    response.writeHead(416, { ...headers, 'content-range': `bytes */${body.length}` });
    return void response.end();
  }
  let payload = body.subarray(start);
  if (how.gzip && !range && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    payload = gzipSync(payload);
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(payload.length);
  if (range) headers['content-range'] = `bytes ${start}-${body.length - 1}/${body.length}`;
  response.writeHead(range ? 206 : 200, headers);
  if (request.method === 'HEAD') return void response.end();
  if (how.cut === undefined) return void response.end(payload);
  // Cut the connection a little after the bytes are out, so the client has read them (a reset
  // right after the write can arrive first on a loaded machine, and nothing would be kept).
  response.write(payload.subarray(0, how.cut), () => setTimeout(() => response.socket?.destroy(), 200));
}
