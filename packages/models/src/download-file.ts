import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EngineUnavailable, throwIfAborted } from '@voxlate/core';
import { resolveHubFile } from './hub-file-info.js';
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

interface Expected {
  size?: number;
  sha256?: string;
}

interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

/**
 * Downloads one file from the hub to `destination`. Size and sha256 come from the hub's own
 * answer (see resolveHubFile), the bytes from where it points (the CDN, whose headers are not
 * trusted for either). A `.part` left by an interrupted download is resumed with a Range request
 * to a freshly signed CDN URL, but only if it belongs to the same file (its expectations are kept
 * beside it). Only a verified file is renamed into place; a corrupt one is deleted.
 */
export async function downloadFile(
  url: string,
  destination: string,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const part = `${destination}.part`;
  await mkdir(dirname(destination), { recursive: true });
  const { source, ...expected } = await resolveHubFile(url, options.signal);
  await discardPartOfAnotherFile(part, expected);
  let hash = createHash('sha256');
  let received = await hashExisting(part, hash);
  const file = new URL(url).pathname;
  const report = (bytes: number): void => options.onProgress?.({ file, received: bytes, total: expected.size });
  report(received);
  if (expected.size === undefined || received < expected.size) {
    const response = await fetchBytes(source, received, options.signal);
    const rangeIgnored = response.status === 200 && received > 0;
    if (rangeIgnored) {
      hash = createHash('sha256');
      received = 0;
    }
    // 416: the part already holds every byte; the checks below decide.
    if (response.status !== 416) received = await writeBody(response, part, { hash, received, report, options });
  }
  throwIfAborted(options.signal);
  return finish(part, destination, file, { size: received, sha256: hash.digest('hex') }, expected);
}

async function fetchBytes(source: string, from: number, signal: AbortSignal | undefined): Promise<Response> {
  const response = await fetch(source, {
    headers: { 'accept-encoding': 'identity', ...(from > 0 ? { range: `bytes=${from}-` } : {}) },
    redirect: 'follow',
    ...(signal ? { signal } : {}),
  });
  const acceptable = response.status === 200 || response.status === 206 || (response.status === 416 && from > 0);
  if (!acceptable) {
    await response.body?.cancel();
    throw new EngineUnavailable(`Downloading ${new URL(source).pathname} failed: HTTP ${response.status}.`);
  }
  return response;
}

/** Writes the body to the part (appended to what it holds, if anything), hashing and reporting; returns the bytes now held. */
async function writeBody(
  response: Response,
  part: string,
  state: { hash: Hash; received: number; report: (bytes: number) => void; options: DownloadOptions },
): Promise<number> {
  let received = state.received;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      state.hash.update(chunk);
      received += chunk.length;
      state.report(received);
      callback(null, chunk);
    },
  });
  const signal = state.options.signal;
  await pipeline(
    Readable.fromWeb(response.body! as never),
    counter,
    createWriteStream(part, { flags: state.received > 0 ? 'a' : 'w' }),
    ...(signal ? [{ signal }] : []),
  );
  return received;
}

async function finish(
  part: string,
  destination: string,
  file: string,
  actual: DownloadedFile,
  expected: Expected,
): Promise<DownloadedFile> {
  await verify(part, file, actual, expected);
  await rename(part, destination);
  await rm(expectationsOf(part), { force: true });
  return actual;
}

/** The hub's statement for a `.part`, kept beside it so a resume never mixes two versions. */
function expectationsOf(part: string): string {
  return `${part}.json`;
}

async function discardPartOfAnotherFile(part: string, expected: Expected): Promise<void> {
  const stated = JSON.stringify(expected);
  const kept = await readFile(expectationsOf(part), 'utf8').catch(() => undefined);
  const partSize = (await stat(part).catch(() => undefined))?.size;
  const tooLong = partSize !== undefined && expected.size !== undefined && partSize > expected.size;
  if (kept !== stated || tooLong) await rm(part, { force: true });
  await writeFile(expectationsOf(part), stated);
}

async function verify(part: string, file: string, actual: DownloadedFile, expected: Expected): Promise<void> {
  const sizeWrong = expected.size !== undefined && expected.size !== actual.size;
  const hashWrong = expected.sha256 !== undefined && expected.sha256 !== actual.sha256;
  if (!sizeWrong && !hashWrong) return;
  await rm(part, { force: true });
  await rm(expectationsOf(part), { force: true });
  throw new ChecksumMismatch(
    file,
    hashWrong ? expected.sha256! : `${expected.size} bytes`,
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
