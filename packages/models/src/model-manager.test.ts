import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogModel } from './model-catalog.js';
import { ChecksumMismatch, OfflineMode, UnknownModel } from './model-errors.js';
import { ModelManager } from './model-manager.js';
import { startLoopbackHub, type LoopbackHub } from './test/loopback-hub.js';

const files: Record<string, Buffer> = {
  'config.json': Buffer.from(JSON.stringify({ model_type: 'tiny', padding: 'x'.repeat(2000) })),
  'onnx/model.onnx': Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31) % 256)),
};
const REPO = 'voxlate-test/tiny-model';

const tiny: CatalogModel = {
  id: 'tiny-model',
  task: 'asr',
  repo: REPO,
  revision: 'main',
  files: ['config.json', 'onnx/model.onnx'],
  description: 'test model',
  licence: { name: 'MIT', url: 'https://example.invalid/licence' },
};

let hub: LoopbackHub;
/** A second hub whose CDN URLs expire at once, for resumes after expiry. */
let briefHub: LoopbackHub;
beforeAll(async () => {
  hub = await startLoopbackHub({ repos: { [REPO]: files }, renamed: { 'voxlate-test/old-name': REPO } });
  briefHub = await startLoopbackHub({ repos: { [REPO]: files }, signedUrlLifetimeMs: 100 });
});
/** Models folders made by the tests, removed at the end. */
const roots: string[] = [];
afterAll(async () => {
  await Promise.all([hub.close(), briefHub.close()]);
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  hub.requests.length = 0;
  hub.lieAboutHashes(false);
});

const manager = (options: { offline?: boolean; model?: CatalogModel; on?: LoopbackHub } = {}): ModelManager => {
  const root = mkdtempSync(join(tmpdir(), 'voxlate-models-'));
  roots.push(root);
  return new ModelManager({ root, hubBase: (options.on ?? hub).url, offline: options.offline ?? false }, [
    options.model ?? tiny,
  ]);
};
const cdnRequests = (on = hub): LoopbackHub['requests'] => on.requests.filter((request) => request.server === 'cdn');

describe('ModelManager against a hub that serves like huggingface.co', () => {
  it('installs LFS files through the 302 (sha256 from X-Linked-Etag, not the CDN ETag) and small gzip-able files', async () => {
    const models = manager();
    const progress: number[] = [];
    await models.add('tiny-model', { onProgress: (p) => progress.push(p.received) });
    const folder = models.folderOf(tiny);
    expect(readFileSync(join(folder, 'onnx/model.onnx')).equals(files['onnx/model.onnx']!)).toBe(true);
    expect(readFileSync(join(folder, 'config.json')).equals(files['config.json']!)).toBe(true);
    expect(progress.at(-1)).toBe(files['onnx/model.onnx']!.length);
    // The bytes came from the CDN, not from the hub.
    expect(cdnRequests().map((request) => request.path)).toEqual([
      expect.stringMatching(/^\/xet-bridge\/[0-9a-f]{64}\?/),
    ]);
    expect(await models.list()).toEqual([
      expect.objectContaining({ id: 'tiny-model', installed: true, bytes: files['config.json']!.length + 300_000 }),
    ]);
    expect(await models.verify()).toEqual([{ id: 'tiny-model', problems: [] }]);
    hub.requests.length = 0;
    await models.add('tiny-model');
    expect(hub.requests).toEqual([]);
  });

  it('resumes an interrupted download with a Range request to the CDN', async () => {
    const models = manager();
    hub.cutNext('onnx/model.onnx', 100_000);
    await expect(models.add('tiny-model')).rejects.toThrow();
    const folder = models.folderOf(tiny);
    expect(statSync(join(folder, 'onnx/model.onnx.part')).size).toBe(100_000);
    hub.requests.length = 0;
    await models.add('tiny-model');
    expect(cdnRequests().map((request) => request.range)).toEqual(['bytes=100000-']);
    expect(readFileSync(join(folder, 'onnx/model.onnx')).equals(files['onnx/model.onnx']!)).toBe(true);
    expect(existsSync(join(folder, 'onnx/model.onnx.part'))).toBe(false);
    expect(existsSync(join(folder, 'onnx/model.onnx.part.json'))).toBe(false);
  });

  it('resumes after the signed CDN URL expired, by asking the hub again', async () => {
    const models = manager({ on: briefHub });
    briefHub.cutNext('onnx/model.onnx', 50_000);
    await expect(models.add('tiny-model')).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 150));
    briefHub.requests.length = 0;
    await models.add('tiny-model');
    const hubFirst = briefHub.requests.findIndex((request) => request.path.includes('/resolve/main/onnx/model.onnx'));
    expect(hubFirst).toBeGreaterThanOrEqual(0);
    expect(cdnRequests(briefHub).at(-1)!.range).toBe('bytes=50000-');
    expect(readFileSync(join(models.folderOf(tiny), 'onnx/model.onnx')).equals(files['onnx/model.onnx']!)).toBe(true);
  });

  it('starts over when the partial download belongs to another version of the file', async () => {
    const models = manager();
    const folder = models.folderOf(tiny);
    mkdirSync(join(folder, 'onnx'), { recursive: true });
    writeFileSync(join(folder, 'onnx/model.onnx.part'), Buffer.alloc(1000, 7));
    writeFileSync(join(folder, 'onnx/model.onnx.part.json'), JSON.stringify({ size: 300_000, sha256: 'a'.repeat(64) }));
    await models.add('tiny-model');
    expect(cdnRequests().map((request) => request.range)).toEqual([undefined]);
    expect(readFileSync(join(folder, 'onnx/model.onnx')).equals(files['onnx/model.onnx']!)).toBe(true);
  });

  it("follows the hub's relative redirect for a renamed repository", async () => {
    const models = manager({ model: { ...tiny, repo: 'voxlate-test/old-name' } });
    await models.add('tiny-model');
    expect(hub.requests.filter((request) => request.server === 'hub').map((request) => request.path)).toContain(
      `/${REPO}/resolve/main/onnx/model.onnx`,
    );
    expect(await models.verify()).toEqual([{ id: 'tiny-model', problems: [] }]);
  });

  it('refuses a file whose sha256 does not match the hub and leaves nothing behind', async () => {
    const models = manager();
    hub.lieAboutHashes(true);
    await expect(models.add('tiny-model')).rejects.toBeInstanceOf(ChecksumMismatch);
    const folder = models.folderOf(tiny);
    expect(existsSync(join(folder, 'onnx/model.onnx'))).toBe(false);
    expect(existsSync(join(folder, 'onnx/model.onnx.part'))).toBe(false);
    expect(existsSync(join(folder, 'onnx/model.onnx.part.json'))).toBe(false);
  });

  it('names a missing repository or file clearly', async () => {
    const models = manager({ model: { ...tiny, repo: 'voxlate-test/nowhere' } });
    await expect(models.add('tiny-model')).rejects.toThrow(/repository not found/);
    const missingFile = manager({ model: { ...tiny, files: ['onnx/absent.onnx'] } });
    await expect(missingFile.add('tiny-model')).rejects.toThrow(/no such file/);
  });

  it('touches no network in offline mode, but still lists and verifies', async () => {
    const models = manager({ offline: true });
    await expect(models.add('tiny-model')).rejects.toBeInstanceOf(OfflineMode);
    expect(hub.requests).toEqual([]);
    expect((await models.list())[0]!.installed).toBe(false);
  });

  it('finds files changed after installation', async () => {
    const models = manager();
    await models.add('tiny-model');
    writeFileSync(join(models.folderOf(tiny), 'config.json'), '{"model_type":"tampered"}');
    const [result] = await models.verify();
    expect(result!.problems).toEqual(['config.json: wrong size']);
    await models.remove('tiny-model');
    expect(existsSync(models.folderOf(tiny))).toBe(false);
  });

  it('names the valid ids for an unknown model', async () => {
    await expect(manager().add('whisper-huge')).rejects.toBeInstanceOf(UnknownModel);
  });
});
