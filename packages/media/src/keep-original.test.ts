import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepOriginalOutside } from './keep-original.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-keep-original-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pcm(name: string, frames: number, value: (frame: number, channel: number) => number) {
  const samples = new Float32Array(frames * 2);
  for (let frame = 0; frame < frames; frame++) for (let c = 0; c < 2; c++) samples[frame * 2 + c] = value(frame, c);
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(samples.buffer));
  return { path, sampleRate: 1000, channels: 2, frames };
}

describe('keepOriginalOutside', () => {
  it('puts the original back around the part and leaves the stem inside it, across chunk edges', async () => {
    // 700,000 stereo frames: 5.6 MB, so both stretches span several 1 MB chunks.
    const frames = 700_000;
    const original = pcm('original.f32le', frames, (frame, c) => frame + c / 2);
    const stem = pcm('stem.f32le', frames, () => -1);
    await keepOriginalOutside(stem, original, { start: 200, end: 450.5 });
    const result = new Float32Array(new Uint8Array(readFileSync(stem.path)).buffer);
    const at = (frame: number, c = 0): number => result[frame * 2 + c]!;
    expect([at(0), at(0, 1), at(199_999), at(199_999, 1)]).toEqual([0, 0.5, 199_999, 199_999.5]);
    expect([at(200_000), at(450_499), at(450_499, 1)]).toEqual([-1, -1, -1]);
    expect([at(450_500), at(frames - 1, 1)]).toEqual([450_500, frames - 1 + 0.5]);
  });

  it('refuses files of two formats', async () => {
    const original = pcm('a.f32le', 10, () => 0);
    const stem = { ...pcm('b.f32le', 10, () => 0), channels: 1 };
    await expect(keepOriginalOutside(stem, original, { start: 0, end: 0.005 })).rejects.toThrow(/one format/);
  });
});
