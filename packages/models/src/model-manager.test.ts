import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogModel } from './model-catalog.js';
import { ChecksumMismatch, OfflineMode, UnknownModel } from './model-errors.js';
import { ModelManager } from './model-manager.js';

/** A loopback stand-in for the hub: `/<repo>/resolve/<revision>/<file>`, LFS headers, Range support. */
const files: Record<string, Buffer> = {
  'config.json': Buffer.from('{"model_type":"tiny"}'),
  'onnx/model.onnx': Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31) % 256)),
};
const requests: { path: string; range: string | undefined }[] = [];
let cutAfterBytes: number | undefined;
let lieAboutHash = false;
let server: Server;
let hub = '';

function serve(request: IncomingMessage, response: ServerResponse): void {
  requests.push({ path: request.url!, range: request.headers.range });
  const match = /^\/voxlate-test\/tiny-model\/resolve\/main\/(.+)$/.exec(request.url!);
  const body = match ? files[match[1]!] : undefined;
  if (!body) return void response.writeHead(404).end();
  const sha = lieAboutHash ? '0'.repeat(64) : createHash('sha256').update(body).digest('hex');
  const start = Number(/bytes=(\d+)-/.exec(request.headers.range ?? '')?.[1] ?? 0);
  response.writeHead(start > 0 ? 206 : 200, {
    'x-linked-etag': `"${sha}"`,
    'x-linked-size': String(body.length),
    'content-length': String(body.length - start),
  });
  const rest = body.subarray(start);
  if (cutAfterBytes !== undefined && match![1] === 'onnx/model.onnx') {
    const limit = cutAfterBytes;
    cutAfterBytes = undefined;
    // Cut the connection a little after the bytes are out, so the client has read them (a reset
    // right after the write can arrive first on a loaded machine, and nothing would be kept).
    response.write(rest.subarray(0, limit), () => setTimeout(() => response.socket?.destroy(), 200));
    return;
  }
  response.end(rest);
}

const tiny: CatalogModel = {
  id: 'tiny-model',
  task: 'asr',
  repo: 'voxlate-test/tiny-model',
  revision: 'main',
  files: ['config.json', 'onnx/model.onnx'],
  description: 'test model',
};

beforeAll(async () => {
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hub = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
/** Models folders made by the tests, removed at the end. */
const roots: string[] = [];
afterAll(() => {
  server.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  requests.length = 0;
  cutAfterBytes = undefined;
  lieAboutHash = false;
});

const manager = (offline = false): ModelManager => {
  const root = mkdtempSync(join(tmpdir(), 'voxlate-models-'));
  roots.push(root);
  return new ModelManager({ root, hubBase: hub, offline }, [tiny]);
};

describe('ModelManager', () => {
  it('downloads a model in the hub layout, verifies it and lists it as installed', async () => {
    const models = manager();
    const progress: number[] = [];
    await models.add('tiny-model', { onProgress: (p) => progress.push(p.received) });
    const folder = models.folderOf(tiny);
    expect(readFileSync(join(folder, 'onnx/model.onnx')).equals(files['onnx/model.onnx']!)).toBe(true);
    expect(progress.at(-1)).toBe(files['onnx/model.onnx']!.length);
    expect(await models.list()).toEqual([
      expect.objectContaining({ id: 'tiny-model', installed: true, bytes: 300_021 }),
    ]);
    expect(await models.verify()).toEqual([{ id: 'tiny-model', problems: [] }]);
    requests.length = 0;
    await models.add('tiny-model');
    expect(requests).toEqual([]);
  });

  it('resumes an interrupted download with a Range request', async () => {
    const models = manager();
    cutAfterBytes = 100_000;
    await models.add('tiny-model').catch(() => undefined);
    const folder = models.folderOf(tiny);
    expect(statSync(join(folder, 'onnx/model.onnx.part')).size).toBe(100_000);
    await models.add('tiny-model');
    expect(requests.at(-1)!.range).toMatch(/^bytes=\d+-$/);
    expect(readFileSync(join(folder, 'onnx/model.onnx')).equals(files['onnx/model.onnx']!)).toBe(true);
    expect(existsSync(join(folder, 'onnx/model.onnx.part'))).toBe(false);
  });

  it('refuses a file whose checksum does not match and leaves nothing behind', async () => {
    const models = manager();
    lieAboutHash = true;
    await expect(models.add('tiny-model')).rejects.toBeInstanceOf(ChecksumMismatch);
    expect(existsSync(join(models.folderOf(tiny), 'config.json'))).toBe(false);
    expect(existsSync(join(models.folderOf(tiny), 'config.json.part'))).toBe(false);
  });

  it('touches no network in offline mode, but still lists and verifies', async () => {
    const models = manager(true);
    await expect(models.add('tiny-model')).rejects.toBeInstanceOf(OfflineMode);
    expect(requests).toEqual([]);
    expect((await models.list())[0]!.installed).toBe(false);
  });

  it('finds files changed after installation', async () => {
    const models = manager();
    await models.add('tiny-model');
    writeFileSync(join(models.folderOf(tiny), 'config.json'), '{"model_type":"tampered"}');
    const [result] = await models.verify();
    expect(result!.problems).toEqual(['config.json: wrong size']);
    mkdirSync(join(models.folderOf(tiny), 'onnx'), { recursive: true });
    await models.remove('tiny-model');
    expect(existsSync(models.folderOf(tiny))).toBe(false);
  });

  it('names the valid ids for an unknown model', async () => {
    await expect(manager().add('whisper-huge')).rejects.toBeInstanceOf(UnknownModel);
  });
});
