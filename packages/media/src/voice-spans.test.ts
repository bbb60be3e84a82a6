import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSourceSpan } from './read-source-span.js';
import { readStem } from './read-stem.js';

/** The spans a cloned voice is taken from: a separated stem's, and the original's at the cloner's rate. */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-voice-spans-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reading a voice span', () => {
  it('mixes a stereo stem span down to mono, reading only the span', async () => {
    const rate = 1000;
    const frames = 3 * rate;
    const interleaved = new Float32Array(frames * 2);
    for (let i = 0; i < frames; i++) {
      interleaved[2 * i] = i / frames;
      interleaved[2 * i + 1] = -0.5 * (i / frames);
    }
    const path = join(dir, 'voice.f32le');
    writeFileSync(path, Buffer.from(interleaved.buffer));
    const span = await readStem({ path, sampleRate: rate, channels: 2, frames }, 1, 2);
    expect(span.sampleRate).toBe(rate);
    expect(span.samples).toHaveLength(rate);
    expect(span.samples[0]).toBeCloseTo((0.5 * rate) / frames / 2, 6);
    // A span past the end is cut at the end.
    expect((await readStem({ path, sampleRate: rate, channels: 2, frames }, 2.5, 9)).samples).toHaveLength(rate / 2);
  });

  it("decodes the original's span, full band, at the rate asked, and leaves no file behind", async () => {
    const input = join(dir, 'tone.wav');
    // 4 s of 48 kHz stereo: 440 Hz for 2 s, then 10 kHz (above the 8 kHz that 16 kHz analysis audio keeps).
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2:sample_rate=48000',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=10000:duration=2:sample_rate=48000',
      '-filter_complex',
      '[0][1]concat=n=2:v=0:a=1',
      '-ac',
      '2',
      input,
    ]);
    const work = join(dir, 'work');
    execFileSync('mkdir', ['-p', work]);
    const span = await readSourceSpan(input, { start: 2.5, end: 3.5, sampleRate: 24000 }, work, {});
    expect(span.sampleRate).toBe(24000);
    expect(span.samples.length).toBeGreaterThan(23900);
    expect(span.samples.length).toBeLessThanOrEqual(24000);
    // The 10 kHz tone is there: 20000 zero crossings a second.
    let crossings = 0;
    for (let i = 1; i < span.samples.length; i++) if (span.samples[i - 1]! < 0 !== span.samples[i]! < 0) crossings++;
    expect(crossings).toBeGreaterThan(19000);
    expect(readdirSync(work)).toEqual([]);
  });
});
