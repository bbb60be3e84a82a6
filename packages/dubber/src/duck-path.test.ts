import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedSpan, type ChoicesGiven, type Segment } from '@voxlate/core';
import { offlineTestDubber } from './test/offline-dubber.js';
import { makeLibrivoxWav } from './test/make-media.js';

/**
 * Without a separator, the original voice must not be heard where a dubbed line is shorter than
 * its source line: real read speech (librivox, 10 s) given subtitles whose translations are a
 * word or two, so each dub ends long before its source line does.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-duck-path-'));
const dubber = offlineTestDubber(root);
let input = '';

beforeAll(() => {
  input = makeLibrivoxWav(root);
});
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
});

const TRANSCRIPT =
  '1\n00:00:00,300 --> 00:00:04,000\nYes.\n\n2\n00:00:04,200 --> 00:00:07,000\nThank you.\n\n' +
  '3\n00:00:07,200 --> 00:00:09,900\nGood night.\n';

/** Level of each 20 ms frame, dB. */
function frameLevels(path: string): Float32Array {
  const bytes = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-ac', '1', '-ar', '16000', '-f', 'f32le', '-']);
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const frame = 320;
  return Float32Array.from({ length: Math.floor(samples.length / frame) }, (_, k) => {
    let power = 0;
    for (let n = k * frame; n < (k + 1) * frame; n++) power += samples[n]! ** 2;
    return 10 * Math.log10(power / frame + 1e-12);
  });
}

/** The frames where the source speaks (within 30 dB of its loudest) and no dubbed line sounds. */
function sourceOnlyFrames(original: Float32Array, segments: readonly Segment[]): number[] {
  const loudest = Math.max(...original);
  const dubbed = segments.flatMap((segment) => {
    const placed = placedSpan(segment);
    return placed && segment.dubbed ? [placed] : [];
  });
  const frames: number[] = [];
  for (const segment of segments) {
    for (let k = Math.ceil(segment.start / 0.02); k < Math.floor(segment.end / 0.02); k++) {
      const t = k * 0.02;
      if (dubbed.some((span) => t >= span.start - 0.15 && t <= span.end + 0.15)) continue;
      if (original[k]! > loudest - 30) frames.push(k);
    }
  }
  return frames;
}

/** The short-lines transcript dubbed into Spanish, no separator, neutral voices, with `choices`. */
function dubShortLines(name: string, choices: ChoicesGiven = {}) {
  return dubber.dub({
    input,
    output: join(root, name),
    sourceLanguage: 'eng',
    targetLanguage: 'spa',
    transcript: TRANSCRIPT,
    choices: { voice: { mode: 'neutral' }, ...choices },
    options: { separation: 'off' },
  });
}

describe('the original voice under short dubbed lines, without a separator', () => {
  it('is ducked over the whole of each source line, not only while its dub sounds', async () => {
    const run = await dubShortLines('short-lines.wav');
    const { segments } = run.timeline;
    expect(segments).toHaveLength(3);
    const original = frameLevels(input);
    const dub = frameLevels(run.output);
    const frames = sourceOnlyFrames(original, segments);
    // Most of each source line is left without its (one-word) dub: the case this is about.
    expect(frames.length * 0.02).toBeGreaterThan(4);
    const drops = frames.map((k) => original[k]! - dub[k]!).sort((a, b) => a - b);
    const median = drops[Math.floor(drops.length / 2)]!;
    const near = drops.filter((drop) => drop < 6).length / drops.length;
    expect(median).toBeGreaterThan(15);
    expect(near).toBeLessThan(0.1);
    expect(run.timeline.background).toMatchObject({ method: 'ducked' });
  });

  it('is lowered by as much as the creator chose (duck_db)', async () => {
    const original = frameLevels(input);
    const medianDrop = async (duckDb: number): Promise<number> => {
      const run = await dubShortLines(`duck-${duckDb}.wav`, { duckDb });
      expect(run.timeline.background).toMatchObject({ method: 'ducked', duckDb });
      const dub = frameLevels(run.output);
      const drops = sourceOnlyFrames(original, run.timeline.segments)
        .map((k) => original[k]! - dub[k]!)
        .sort((a, b) => a - b);
      return drops[Math.floor(drops.length / 2)]!;
    };
    const light = await medianDrop(8);
    const deep = await medianDrop(32);
    console.log(
      `duck_db: median drop of the source-only frames ${light.toFixed(1)} dB at 8, ${deep.toFixed(1)} dB at 32`,
    );
    // The mix's loudness pass then lifts each whole mix by its own amount, so the two are not
    // exactly the 24 dB asked apart (31.8 dB here); without the choice both would be the same.
    expect(deep - light).toBeGreaterThan(12);
  });

  it('is silenced there when the creator chose to remove the original speech', async () => {
    const run = await dubShortLines('removed.wav', { originalSpeech: 'remove' });
    const original = frameLevels(input);
    const dub = frameLevels(run.output);
    const frames = sourceOnlyFrames(original, run.timeline.segments);
    expect(frames.length * 0.02).toBeGreaterThan(4);
    // Digital silence (-120 dB floor) where the source spoke and the dub is quiet.
    const silent = frames.filter((k) => dub[k]! < -90).length / frames.length;
    expect(silent).toBeGreaterThan(0.9);
    expect(run.timeline.background).toMatchObject({ method: 'removed' });
  });
});
