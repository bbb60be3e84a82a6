import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { floatFramesOfFile } from './float-frames.js';
import { gainThroughLimiter } from './limiter-makeup.js';
import { gainToTarget, limiterFor, limiterWillAct, parseEbur128Summary } from './loudness.js';

/**
 * Real speech with a high peak-to-loudness ratio (a librivox reader: -25 LUFS, true peak
 * -5.9 dBFS, 19 dB apart, where -16 LUFS under a -2 dBFS limiter leaves room for 14): one
 * linear gain to -16 LUFS pushes its peaks over the ceiling and the limiter takes 0.7 LU
 * back. The make-up measured through the limiter must bring it to the target, still under
 * the true-peak ceiling, as ffmpeg's ebur128 (not the product's own meter) measures it.
 */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0890.wav';
const TARGET = { lufs: -16, truePeakDb: -1 };
const FORMAT = { sampleRate: 16000, channels: 1 };
const dir = mkdtempSync(join(tmpdir(), 'voxlate-limiter-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Loudness and true peak of raw float mono samples at 16 kHz, as ffmpeg's ebur128 measures them. */
function measure(path: string): { integratedLufs: number; truePeakDb: number } {
  const input = ['-f', 'f32le', '-ar', '16000', '-ac', '1', '-i', path];
  const args = ['-hide_banner', '-nostats', ...input, '-af', 'ebur128=peak=true', '-f', 'null', '-'];
  const { stderr } = spawnSync('ffmpeg', args, { encoding: 'utf8' });
  const measured = parseEbur128Summary(stderr);
  if (!measured) throw new Error(`no loudness summary: ${stderr.slice(-500)}`);
  return measured;
}

/** The mix through the product's limiter at `gainDb`, written beside it. */
async function limited(mix: string, gainDb: number): Promise<string> {
  const limiter = limiterFor(TARGET, gainDb, FORMAT);
  const parts: Float32Array[] = [];
  for await (const chunk of floatFramesOfFile(mix, 1)) parts.push(limiter.process(chunk));
  parts.push(limiter.flush());
  const path = join(dir, `limited-${gainDb.toFixed(2)}.f32`);
  writeFileSync(path, Buffer.concat(parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength))));
  return path;
}

describe('limiter make-up', () => {
  it('brings peaky real speech to the target loudness where one gain and the limiter fall short', async () => {
    const mix = join(dir, 'mix.f32');
    // A quiet float mix, as the mixer writes it: the reader at -12 dB.
    const args = [
      '-v',
      'error',
      '-y',
      '-i',
      LIBRIVOX,
      '-af',
      'volume=-12dB',
      '-ar',
      '16000',
      '-ac',
      '1',
      '-f',
      'f32le',
      mix,
    ];
    execFileSync('ffmpeg', args);
    const measured = measure(mix);
    const gain = gainToTarget(TARGET, measured);
    expect(limiterWillAct(TARGET, measured, gain)).toBe(true);

    const plain = measure(await limited(mix, gain));
    expect(plain.integratedLufs).toBeLessThan(TARGET.lufs - 0.5);

    const madeUp = await gainThroughLimiter(mix, TARGET, gain, {
      format: FORMAT,
      totalFrames: 16000 * 5,
      onProgress: () => undefined,
    });
    expect(madeUp).toBeGreaterThan(gain);
    const result = measure(await limited(mix, madeUp));
    expect(Math.abs(result.integratedLufs - TARGET.lufs)).toBeLessThanOrEqual(0.3);
    expect(result.truePeakDb).toBeLessThanOrEqual(TARGET.truePeakDb);
  });
});
