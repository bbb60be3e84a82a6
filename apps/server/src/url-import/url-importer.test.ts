import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadInput, TooLarge } from '@voxlate/core';
import { importUrl, type UrlImportOptions } from './url-importer.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-import-test-'));
let target: Server;
let targetPort = 0;
let redirector: Server;
let redirectorPort = 0;

/** Starts a loopback server on the given address. */
function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as { port: number }).port)));
}

beforeAll(async () => {
  target = createServer((request, response) => {
    if (request.url === '/big') {
      response.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      const pump = (): void => {
        while (sent < 2 * 1024 * 1024 && response.write(chunk)) sent += chunk.length;
        if (sent < 2 * 1024 * 1024) response.once('drain', pump);
        else response.end();
      };
      pump();
      return;
    }
    if (request.url === '/slow') return void setTimeout(() => response.end('late'), 3000);
    if (request.url?.startsWith('/loop')) {
      response.writeHead(302, { location: '/loop' });
      return void response.end();
    }
    response.end('media bytes');
  });
  targetPort = await listen(target, '127.0.0.1');
  // 127.0.0.2 stands in for a public web server in these tests.
  redirector = createServer((_request, response) => {
    response.writeHead(302, { location: `http://127.0.0.1:${targetPort}/secret` });
    response.end();
  });
  redirectorPort = await listen(redirector, '127.0.0.2');
});

afterAll(() => {
  target.close();
  redirector.close();
});

const base: UrlImportOptions = { maxBytes: 1024 * 1024, timeoutMs: 2000, maxRedirects: 5, allowPrivate: false };
const signal = new AbortController().signal;

describe('importUrl', () => {
  it('downloads over loopback when private addresses are allowed', async () => {
    const file = join(dir, 'ok');
    await importUrl(`http://127.0.0.1:${targetPort}/file.wav`, file, { ...base, allowPrivate: true }, signal);
    expect(readFileSync(file, 'utf8')).toBe('media bytes');
  });

  it('refuses a public-looking address that redirects to loopback', async () => {
    const options = { ...base, isAllowed: (address: string) => address === '127.0.0.2' };
    const file = join(dir, 'redirected');
    await expect(importUrl(`http://127.0.0.2:${redirectorPort}/video.mp4`, file, options, signal)).rejects.toThrow(
      /private, local or reserved/,
    );
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a name that resolves to loopback', async () => {
    const options = { ...base, resolve: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]) };
    await expect(
      importUrl(`http://media.example.com:${targetPort}/a.wav`, join(dir, 'n'), options, signal),
    ).rejects.toBeInstanceOf(BadInput);
  });

  it('caps the size while streaming', async () => {
    const options = { ...base, allowPrivate: true };
    await expect(
      importUrl(`http://127.0.0.1:${targetPort}/big`, join(dir, 'big'), options, signal),
    ).rejects.toBeInstanceOf(TooLarge);
  });

  it('caps the time', async () => {
    const options = { ...base, allowPrivate: true, timeoutMs: 300 };
    await expect(importUrl(`http://127.0.0.1:${targetPort}/slow`, join(dir, 'slow'), options, signal)).rejects.toThrow(
      /longer than 0.3 s/,
    );
  });

  it('stops after five redirects', async () => {
    const options = { ...base, allowPrivate: true };
    await expect(importUrl(`http://127.0.0.1:${targetPort}/loop`, join(dir, 'loop'), options, signal)).rejects.toThrow(
      /more than 5 times/,
    );
  });

  it('refuses other schemes and credentials', async () => {
    await expect(importUrl('ftp://example.com/a.mp3', join(dir, 'x'), base, signal)).rejects.toThrow(
      /Only http and https/,
    );
    await expect(importUrl('http://user:pw@example.com/a.mp3', join(dir, 'x'), base, signal)).rejects.toThrow(
      /password/,
    );
  });
});
