import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EngineUnavailable, throwIfAborted } from '@voxlate/core';
import { ChecksumMismatch } from './model-errors.js';

export interface DownloadProgress {
  file: string;
  received: number;
  total: number | undefined;
}

export interface DownloadedFile {
  size: number;
  sha256: string;
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Downloads one file to `destination`, resuming a `.part` left by an interrupted download
 * (HTTP Range), hashing as it goes, and checking size and sha256 against what the server
 * states (the hub's X-Linked-Size / X-Linked-Etag for large files). Only a verified file is
 * renamed into place; a corrupt one is deleted.
 */
export async function downloadFile(
  url: string,
  destination: string,
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<DownloadedFile> {
  const part = `${destination}.part`;
  await mkdir(dirname(destination), { recursive: true });
  const hash = createHash('sha256');
  let received = await hashExisting(part, hash);
  const response = await fetch(url, {
    headers: received > 0 ? { range: `bytes=${received}-` } : {},
    redirect: 'follow',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (response.status === 200 && received > 0) {
    // The server ignored the range: start over.
    received = 0;
    hash.destroy();
    return restart(url, destination, part, options);
  }
  if (response.status !== 200 && response.status !== 206) {
    throw new EngineUnavailable(`Downloading ${url} failed: HTTP ${response.status}.`);
  }
  const expected = expectations(response, received);
  const file = new URL(url).pathname;
  const report = (bytes: number): void => options.onProgress?.({ file, received: bytes, total: expected.size });
  report(received);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      received += chunk.length;
      report(received);
      callback(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(response.body! as never), counter, createWriteStream(part, { flags: 'a' }), {
    ...(options.signal ? { signal: options.signal } : {}),
  });
  throwIfAborted(options.signal);
  const sha256 = hash.digest('hex');
  await verify(part, file, { size: received, sha256 }, expected);
  await rename(part, destination);
  return { size: received, sha256 };
}

async function restart(
  url: string,
  destination: string,
  part: string,
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
): Promise<DownloadedFile> {
  await rm(part, { force: true });
  return downloadFile(url, destination, options);
}

/** What the server says the whole file is: size and, for LFS files, its sha256. */
function expectations(response: Response, alreadyHave: number): { size?: number; sha256?: string } {
  const linkedSize = Number(response.headers.get('x-linked-size'));
  const length = Number(response.headers.get('content-length'));
  const size = linkedSize > 0 ? linkedSize : length > 0 ? length + alreadyHave : undefined;
  const etag = (response.headers.get('x-linked-etag') ?? response.headers.get('etag') ?? '')
    .replace(/^W\//, '')
    .replaceAll('"', '');
  return { ...(size !== undefined ? { size } : {}), ...(SHA256.test(etag) ? { sha256: etag } : {}) };
}

async function verify(
  part: string,
  file: string,
  actual: DownloadedFile,
  expected: { size?: number; sha256?: string },
): Promise<void> {
  const sizeWrong = expected.size !== undefined && expected.size !== actual.size;
  const hashWrong = expected.sha256 !== undefined && expected.sha256 !== actual.sha256;
  if (!sizeWrong && !hashWrong) return;
  await rm(part, { force: true });
  throw new ChecksumMismatch(
    file,
    expected.sha256 ?? `${expected.size} bytes`,
    hashWrong ? actual.sha256 : `${actual.size} bytes`,
  );
}

/** Feeds an existing partial download to the hash; returns its length. */
async function hashExisting(part: string, hash: Hash): Promise<number> {
  const info = await stat(part).catch(() => undefined);
  if (!info) return 0;
  for await (const chunk of createReadStream(part)) hash.update(chunk as Buffer);
  return info.size;
}

/** sha256 of a whole file, streamed. */
export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
