import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedSamples, makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { placedSpan, type Timeline } from '@voxlate/core';
import { readJobEvents, settledIn } from './test/job-events.js';
import { form, startService, type RunningService } from './test/service-process.js';

/**
 * A dub of part of a file (issue 29, item 4): `start`/`end` dub only the lines inside; the rest
 * of the output is the original audio, sample for sample within the codec's rounding; a part
 * the media does not have is refused before any work.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-part-'));
let service: RunningService;
let input = '';
const RATE = 48000;

beforeAll(async () => {
  input = await makeSpeechWav(dir, [
    'Welcome back to the channel.',
    'Today we cook a simple dinner.',
    'First we wash the vegetables.',
    'Then we cut them into pieces.',
  ]);
  service = await startService();
}, 60_000);
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  audio: string;
  segments: { start: number; end: number; source_text: string }[];
  warnings: string[];
  error?: string;
}

async function dub(fields: Record<string, string>): Promise<{ status: number; body: Answer }> {
  const response = await fetch(`${service.url}/translate`, {
    method: 'POST',
    body: await form({ target_language: 'spa', ...fields }, { file: input }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** Root-mean-square level, dB, of `samples` between two times (seconds). */
function levelDb(samples: Float32Array, from: number, to: number): number {
  const part = samples.subarray(Math.round(from * RATE), Math.round(to * RATE));
  const power = part.reduce((sum, value) => sum + value * value, 0) / Math.max(1, part.length);
  return 10 * Math.log10(power + 1e-20);
}

describe('a dub of part of a file', () => {
  it('dubs only the lines inside start-end and keeps the original audio around them', async () => {
    const whole = await dub({});
    expect(whole.status).toBe(200);
    expect(whole.body.segments.length).toBeGreaterThanOrEqual(4);
    // From the gap before the second line to the gap after the third.
    const [first, second, third, fourth] = whole.body.segments as [Answer['segments'][0], ...Answer['segments']];
    const start = (first.end + second!.start) / 2;
    const end = (third!.end + fourth!.start) / 2;
    const part = await dub({ start: start.toFixed(2), end: end.toFixed(2) });
    expect(part.status).toBe(200);
    expect(part.body.segments.map((segment) => segment.source_text)).toEqual([second!.source_text, third!.source_text]);
    expect(part.body.warnings[0]).toMatch(
      /^Only 00:0\d\.\d{3}–00:\d\d\.\d{3} is dubbed, as asked: the rest keeps its original audio\.$/,
    );

    const path = join(dir, 'part.wav');
    writeFileSync(path, Buffer.from(part.body.audio, 'base64'));
    const [dubbed, original] = [decodedSamples(path, RATE), decodedSamples(input, RATE)];
    // Around the part: the original, to within -60 dB of its level; inside: the dub, not the original.
    const outside = (from: number, to: number): number => {
      const difference = dubbed.subarray(Math.round(from * RATE), Math.round(to * RATE));
      const source = original.subarray(Math.round(from * RATE), Math.round(to * RATE));
      const residual = difference.map((value, i) => value - source[i]!);
      return levelDb(residual, 0, residual.length / RATE) - levelDb(source, 0, source.length / RATE);
    };
    console.log(
      `part dub: original kept before the part at ${outside(0, start - 0.1).toFixed(1)} dB residual, ` +
        `after at ${outside(end + 0.1, original.length / RATE).toFixed(1)} dB, inside ${outside(start + 0.2, end - 0.2).toFixed(1)} dB`,
    );
    expect(outside(0, start - 0.1)).toBeLessThan(-60);
    expect(outside(end + 0.1, original.length / RATE)).toBeLessThan(-60);
    expect(outside(start + 0.2, end - 0.2)).toBeGreaterThan(-10);
  }, 120_000);

  it('levels the stems of a part dub as its result: each line at its source line’s level', async () => {
    const created = await fetch(`${service.url}/api/jobs`, {
      method: 'POST',
      body: await form({ target_language: 'spa', voice: 'neutral', start: '0.5' }, { file: input }),
    });
    const { id } = (await created.json()) as { id: string };
    await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 120_000 });
    const report = (await (await fetch(`${service.url}/api/jobs/${id}/report`)).json()) as { timeline: Timeline };
    const lines = report.timeline.segments.filter((segment) => segment.dubbed);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.every((line) => typeof line.mixGainDb === 'number')).toBe(true);
    const path = join(dir, 'part-dub-stem.wav');
    writeFileSync(path, Buffer.from(await (await fetch(`${service.url}/api/jobs/${id}/stems/dub.wav`)).arrayBuffer()));
    const [stem, original] = [decodedSamples(path, RATE), decodedSamples(input, RATE)];
    const differences = lines.map((line) => {
      const placed = placedSpan(line)!;
      return levelDb(stem, placed.start, placed.end) - levelDb(original, line.start, line.end);
    });
    console.log(
      `part dub stems: line level against its source line ${differences.map((d) => d.toFixed(1)).join(', ')} dB`,
    );
    // Without the lines' own gains: 4.6, 1.9, 3.4, 2.4 dB.
    for (const difference of differences) expect(Math.abs(difference)).toBeLessThan(2.5);
  }, 120_000);

  it('refuses a part the media does not have, saying what would work', async () => {
    const late = await dub({ start: '500' });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatch(/^start \(500 s\) is at or after the end of the media \(\d+(\.\d+)? s\)/);
    const backwards = await dub({ start: '4', end: '2' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('end (2 s) must be after start (4 s).');
    const words = await dub({ start: 'soon' });
    expect(words.status).toBe(400);
    expect(words.body.error).toMatch(/^start must be a number of seconds/);
  });
});
