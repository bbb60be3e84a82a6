import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeys } from '@voxlate/workspace';
import { LiveClient } from './test/live-client.js';
import { exchange, type RawRequest } from './test/raw-http.js';
import { startService, type RunningService } from './test/service-process.js';

/**
 * Issue 58: the tricks an attacker tried on a service that held against keys and ids: a rebound
 * host name, forged forwarded hops, an upgrade that is not a WebSocket, a key in the URL,
 * keyless sockets, and a temp folder taken away.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-tricks-'));
let open: RunningService;
let keyed: RunningService;
let key = '';

beforeAll(async () => {
  mkdirSync(join(dir, 'open-temp'));
  open = await startService({ LOG_LEVEL: 'info' }, { tempRoot: join(dir, 'open-temp'), dataDir: join(dir, 'open') });
  const keys = new ApiKeys(join(dir, 'keyed'));
  key = (await keys.add('Team')).key;
  keyed = await startService(
    { VOXLATE_TRUST_PROXY: '1', VOXLATE_RATE_SIGN_IN: '3', VOXLATE_LIVE_KEYLESS_PER_ADDRESS: '2' },
    { dataDir: join(dir, 'keyed') },
  );
}, 60_000);
afterAll(async () => {
  await open?.stop();
  await keyed?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const send = (service: RunningService, request: Partial<RawRequest> & { path: string }) =>
  exchange(new URL(service.url), { method: 'GET', headers: {}, body: Buffer.alloc(0), ...request }, 10_000);

describe('an open service on loopback', () => {
  it('answers no name but its own: a rebound host reads and writes nothing', async () => {
    const port = new URL(open.url).port;
    const post = (host: string) =>
      send(open, {
        method: 'POST',
        path: '/api/glossaries',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ name: host.replace(/[:.]/g, '-'), csv: 'eng,spa\ndinner,cena\n' })),
      });
    const rebound = `rebind.attacker.example:${port}`;
    const refused = await post(rebound);
    expect(refused.status).toBe(421);
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringMatching(/VOXLATE_ALLOWED_HOSTS/) as string });
    expect((await send(open, { path: '/api/glossaries', headers: { host: rebound } })).status).toBe(421);
    expect((await send(open, { path: '/health', headers: { host: rebound } })).status).toBe(421);
    // The same request under the service's own names goes through: the refusal is the name's.
    expect((await post(`127.0.0.1:${port}`)).status).toBe(201);
    expect((await post(`localhost:${port}`)).status).toBe(201);
  });

  it('keeps a key sent in the URL out of its logs', async () => {
    const secret = 'vxk_ThisMustNotBeLoggedAnywhere0123456789abcdef';
    expect((await send(open, { path: `/api/jobs?page=0&key=${secret}` })).status).toBe(200);
    expect((await send(open, { path: `/no-such-route?api_key=${secret}` })).body).not.toContain(secret);
    expect(open.output()).toContain('key=[redacted]');
    expect(open.output()).not.toContain(secret);
  });

  it('is not ready while its temp folder is gone, and says so to a dub instead of a 500', async () => {
    await rm(open.tempRoot, { recursive: true, force: true });
    try {
      expect((await send(open, { path: '/health' })).status).toBe(200);
      const ready = await send(open, { path: '/ready' });
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({
        error: expect.stringMatching(/^Not ready: The service's temp folder .* is missing\./) as string,
      });
      const dub = await send(open, {
        method: 'POST',
        path: '/translate',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: Buffer.from('--x\r\nContent-Disposition: form-data; name="target_language"\r\n\r\nspa\r\n--x--\r\n'),
      });
      expect(dub.status).toBe(503);
      expect(dub.body).toMatch(/temp folder .* is missing/);
    } finally {
      await mkdir(open.tempRoot, { recursive: true });
    }
    expect((await send(open, { path: '/ready' })).status).toBe(200);
  });
});

describe('a service behind one proxy (VOXLATE_TRUST_PROXY=1)', () => {
  it('counts a client by the address its proxy saw, whatever hops the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await send(keyed, {
        method: 'POST',
        path: '/api/session',
        // As nginx's $proxy_add_x_forwarded_for makes it: the client's own header, then the address nginx saw.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.9.${i}, 203.0.113.7` },
        body: Buffer.from(JSON.stringify({ key: 'vxk_wrong' })),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('exempts only a real WebSocket handshake from the key at the upgrade', async () => {
    const path = '/api/live?source_language=eng&target_language=spa';
    const tricks: Record<string, string>[] = [
      { upgrade: 'h2c', connection: 'Upgrade, HTTP2-Settings', 'http2-settings': '' },
      { upgrade: 'websocket', connection: 'Upgrade' },
      { upgrade: 'foo' },
    ];
    for (const headers of tricks) {
      const answer = await send(keyed, { path, headers });
      expect([headers['upgrade'], answer.status]).toEqual([headers['upgrade'], 401]);
      expect(answer.body).not.toContain('sessions');
    }
  });

  it('holds two keyless live sockets from one address, and refuses the third at once', async () => {
    const url = `${keyed.url.replace(/^http/, 'ws')}/api/live?source_language=eng&target_language=spa`;
    const waiting = [new LiveClient(url), new LiveClient(url)];
    await Promise.all(waiting.map((client) => client.opened));
    const third = new LiveClient(url);
    const closed = await third.closed;
    expect(closed.close.code).toBe(1008);
    expect(closed.errors[0]?.error).toMatch(/already has 2 live sockets waiting for their key/);
    // A socket that sends its key is not kept waiting by the count.
    waiting[0]!.sendText(JSON.stringify({ type: 'key', key }));
    await waiting[0]!.ready;
    await Promise.all(waiting.map((client) => client.end()));
  }, 30_000);
});
