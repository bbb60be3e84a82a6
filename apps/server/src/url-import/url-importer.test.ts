import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
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
  rmSync(dir, { recursive: true, force: true });
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
      /private, local or reserved network address, which cannot be imported\. .*VOXLATE_ALLOW_PRIVATE_URLS=1/,
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

/**
 * Servers that answer the way real ones do at the socket level: HTTP/1.0 bodies that end when
 * the connection closes (python3 -m http.server), chunked bodies, Content-Length that lies
 * either way, a stall in the middle of the body and a reset.
 */
describe('importUrl against servers that misbehave at the socket level', () => {
  const body = Buffer.alloc(4 * 1024 * 1024, 7);
  let raw: TcpServer;
  let rawPort = 0;
  const open = new Set<Socket>();

  const answers: Record<string, (socket: Socket) => void> = {
    '/http10': (socket) => {
      socket.write('HTTP/1.0 200 OK\r\nContent-Type: audio/wav\r\n\r\n');
      socket.end(body);
    },
    '/chunked': (socket) => {
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n');
      for (let offset = 0; offset < 1024 * 1024; offset += 64 * 1024) {
        socket.write(`10000\r\n`);
        socket.write(body.subarray(offset, offset + 64 * 1024));
        socket.write('\r\n');
      }
      socket.end('0\r\n\r\n');
    },
    '/short': (socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2000\r\n\r\n');
      socket.end(body.subarray(0, 1000));
    },
    '/long': (socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n');
      socket.end(body.subarray(0, 2000));
    },
    '/stall': (socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n');
      socket.write(body.subarray(0, 1000));
    },
    '/reset': (socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 50000\r\n\r\n');
      socket.write(body.subarray(0, 1000), () => setTimeout(() => socket.resetAndDestroy(), 50));
    },
  };

  beforeAll(async () => {
    raw = createTcpServer((socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
      let head = '';
      socket.on('data', (chunk) => {
        if (head.includes('\r\n\r\n')) return;
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        const path = /^GET (\S+)/.exec(head)?.[1] ?? '';
        answers[path]?.(socket);
      });
    });
    rawPort = await new Promise((resolve) =>
      raw.listen(0, '127.0.0.1', () => resolve((raw.address() as { port: number }).port)),
    );
  });
  afterAll(() => {
    for (const socket of open) socket.destroy();
    raw.close();
  });

  const options = { ...base, maxBytes: 10 * 1024 * 1024, allowPrivate: true, idleMs: 300 };
  const link = (path: string): string => `http://127.0.0.1:${rawPort}${path}`;

  it('saves a body that ends when an HTTP/1.0 server closes the connection, again and again', async () => {
    // undici 7 crashed the whole process here (assert(!this.paused)) within a few imports.
    for (let i = 0; i < 6; i++) {
      const file = join(dir, `http10-${i}`);
      await importUrl(link('/http10'), file, options, signal);
      expect(statSync(file).size).toBe(body.length);
    }
  });

  it('saves a chunked body', async () => {
    const file = join(dir, 'chunked');
    await importUrl(link('/chunked'), file, options, signal);
    expect(statSync(file).size).toBe(1024 * 1024);
  });

  it('refuses a body shorter than its Content-Length and leaves no file', async () => {
    const file = join(dir, 'short');
    await expect(importUrl(link('/short'), file, options, signal)).rejects.toThrow(
      /closed the connection before the whole file arrived \(1000 of 2000 bytes\)/,
    );
    expect(existsSync(file)).toBe(false);
  });

  it('keeps what a Content-Length declares when the server sends more', async () => {
    const file = join(dir, 'long');
    await importUrl(link('/long'), file, options, signal);
    expect(statSync(file).size).toBe(1000);
  });

  it('gives up on a server that stalls mid-body, and leaves no file', async () => {
    const file = join(dir, 'stall');
    await expect(importUrl(link('/stall'), file, options, signal)).rejects.toThrow(/stopped sending data for 0.3 s/);
    expect(existsSync(file)).toBe(false);
  });

  it('reports a reset connection clearly', async () => {
    const file = join(dir, 'reset');
    await expect(importUrl(link('/reset'), file, options, signal)).rejects.toThrow(/reset the connection/);
    expect(existsSync(file)).toBe(false);
  });
});
