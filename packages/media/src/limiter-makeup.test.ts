import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gainThroughLimiter } from './limiter-makeup.js';
import { gainToTarget, limitedGainFilter, limiterWillAct, parseEbur128Summary } from './loudness.js';

/**
 * Real speech with a high peak-to-loudness ratio (a librivox reader: -25 LUFS, true peak
 * -5.9 dBFS, 19 dB apart, where -16 LUFS under a -2 dBFS limiter leaves room for 14): one
 * linear gain to -16 LUFS pushes its peaks over the ceiling and the limiter takes 0.7 LU
 * back. The make-up measured through the limiter must bring it to the target, still under
 * the true-peak ceiling.
 */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0890.wav';
const TARGET = { lufs: -16, truePeakDb: -1 };
const dir = mkdtempSync(join(tmpdir(), 'voxlate-limiter-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Loudness and true peak of a file through a filter, as ffmpeg's ebur128 measures them. */
function measure(path: string, filter = 'anull'): { integratedLufs: number; truePeakDb: number } {
  const args = ['-hide_banner', '-nostats', '-i', path, '-af', `${filter},ebur128=peak=true`, '-f', 'null', '-'];
  const { stderr } = spawnSync('ffmpeg', args, { encoding: 'utf8' });
  const measured = parseEbur128Summary(stderr);
  if (!measured) throw new Error(`no loudness summary: ${stderr.slice(-500)}`);
  return measured;
}

describe('limiter make-up', () => {
  it('brings peaky real speech to the target loudness where one gain and the limiter fall short', async () => {
    const mix = join(dir, 'mix.wav');
    // A quiet float mix, as the mixer writes it: the reader at -12 dB.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', LIBRIVOX, '-af', 'volume=-12dB', '-c:a', 'pcm_f32le', mix]);
    const measured = measure(mix);
    const gain = gainToTarget(TARGET, measured);
    expect(limiterWillAct(TARGET, measured, gain)).toBe(true);

    const plain = measure(mix, limitedGainFilter(TARGET, gain, 16000));
    expect(plain.integratedLufs).toBeLessThan(TARGET.lufs - 0.5);

    const madeUp = await gainThroughLimiter(mix, TARGET, gain, {
      sampleRate: 16000,
      expectedSeconds: 5,
      context: {},
      onProgress: () => undefined,
    });
    expect(madeUp).toBeGreaterThan(gain);
    const result = measure(mix, limitedGainFilter(TARGET, madeUp, 16000));
    expect(Math.abs(result.integratedLufs - TARGET.lufs)).toBeLessThanOrEqual(0.3);
    expect(result.truePeakDb).toBeLessThanOrEqual(TARGET.truePeakDb);
  });
});
