import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from './test/service-process.js';

/**
 * The studio's files as browsers get them: compressed (Brotli or gzip, written by the build
 * beside each file) to a browser that accepts it, plain to one that does not, the same bytes
 * either way; the studio's routes fall back to its page, compressed too.
 */
let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => service?.stop());

function fetchRaw(
  path: string,
  encoding?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = get(
      `${service.url}${path}`,
      { headers: encoding ? { 'Accept-Encoding': encoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
  });
}

describe('the studio’s files', () => {
  it('are sent compressed to a browser that accepts it, and the same bytes plain to one that does not', async () => {
    const plain = await fetchRaw('/');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const page = plain.body.toString();
    expect(page).toContain('<div id="root">');
    const brotli = await fetchRaw('/', 'br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(page);

    const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(page)![1]!;
    const scriptPlain = await fetchRaw(script);
    const scriptGzip = await fetchRaw(script, 'gzip');
    expect(scriptGzip.headers['content-encoding']).toBe('gzip');
    expect(scriptGzip.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(scriptGzip.body).equals(scriptPlain.body)).toBe(true);
    expect(scriptGzip.body.length).toBeLessThan(scriptPlain.body.length / 2);

    // A studio route is the studio's page, compressed as well.
    const route = await fetchRaw('/pricing', 'br');
    expect(route.status).toBe(200);
    expect(route.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(route.body).toString()).toBe(page);
  });
});
