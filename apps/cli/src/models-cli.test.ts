import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, PRESETS } from '@voxlate/models';
import { startLoopbackHub, type LoopbackHub } from '../../../packages/models/src/test/loopback-hub.js';

const ROOT = join(import.meta.dirname, '../../..');
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'voxlate-models-cli-'));
let hub: LoopbackHub;

/** Stand-in bytes for a published file: ONNX files large enough to go through the CDN redirect. */
function contentOf(repo: string, file: string): Buffer {
  const seed = createHash('sha256').update(`${repo}/${file}`).digest();
  const length = file.endsWith('.onnx') || file.endsWith('.bin') ? 150_000 : 800;
  return Buffer.from(Array.from({ length }, (_, i) => seed[i % 32]! ^ (i & 0xff)));
}

beforeAll(async () => {
  const repos: Record<string, Record<string, Buffer>> = {};
  for (const model of CATALOG)
    repos[model.repo] = Object.fromEntries(model.files.map((file) => [file, contentOf(model.repo, file)]));
  hub = await startLoopbackHub({ repos });
});
afterAll(async () => {
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
});

function models(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run('node', ['apps/cli/dist/models-main.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, VOXLATE_HF_MIRROR: hub.url, VOXLATE_MODELS_DIR: join(dir, 'models') },
    encoding: 'utf8',
  });
}

describe('npm run models against a hub that serves like huggingface.co', () => {
  it('installs every file of the small preset, then verify passes and catches a changed file', async () => {
    const added = await models('add', 'small');
    expect(added.stdout).toContain(`Installed: ${PRESETS['small']!.join(', ')}`);
    for (const id of PRESETS['small']!) {
      const model = CATALOG.find((candidate) => candidate.id === id)!;
      for (const file of model.files)
        expect(readFileSync(join(dir, 'models', model.repo, file)).equals(contentOf(model.repo, file))).toBe(true);
    }
    // Every ONNX file came through the CDN redirect, as on the real hub.
    const onnxFiles = PRESETS['small']!.flatMap((id) => CATALOG.find((model) => model.id === id)!.files).filter(
      (file) => file.endsWith('.onnx'),
    );
    expect(hub.requests.filter((request) => request.server === 'cdn')).toHaveLength(onnxFiles.length);
    const verified = await models('verify');
    for (const id of PRESETS['small']!) expect(verified.stdout).toContain(`${id}: ok`);
    const listed = await models('list');
    expect(listed.stdout).toMatch(/whisper-base\s+asr\s+installed/);
    expect(listed.stdout).toMatch(/mdx-kim-vocal-2\s+separate\s+not installed/);

    const whisper = CATALOG.find((model) => model.id === 'whisper-base')!;
    writeFileSync(join(dir, 'models', whisper.repo, 'config.json'), '{}');
    const failed = (await models('verify').catch((error: unknown) => error)) as { code?: number; stdout?: string };
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('whisper-base: config.json: wrong size');
  }, 120_000);

  it("says each model's size and licence, non-commercial terms included, before downloading it", async () => {
    const added = await models('add', 'voice');
    const said = added.stdout;
    const pocket = said.indexOf('pocket-tts-eng, about 191 MB:');
    expect(pocket).toBeGreaterThanOrEqual(0);
    expect(said).toContain('Licence: Pocket TTS ONNX export licence (weights by Kyutai, CC-BY-4.0)');
    expect(said).toContain('Non-commercial use only, as the export states; credit Kyutai.');
    expect(said).toContain('chatterbox-multilingual, about 1509 MB:');
    expect(said).toContain('3dspeaker-campplus-voxceleb');
    // Said before the download, whose end it reports.
    const installed = said.indexOf('Installed: pocket-tts-eng, chatterbox-multilingual, 3dspeaker-campplus-voxceleb');
    expect(installed).toBeGreaterThan(0);
    expect(pocket).toBeLessThan(installed);
    expect(said.indexOf('chatterbox-multilingual, about 1509 MB:')).toBeLessThan(installed);
    const listed = await models('list');
    expect(listed.stdout).toMatch(/pocket-tts-eng\s+clone\s+installed/);
    expect(listed.stdout).toMatch(/licence: CC-BY-NC-4.0\. Non-commercial use only/);
  }, 120_000);
});
