import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DUB_OPTIONS,
  placedSpan,
  STAGES,
  type DubRequest,
  type PipelineEvent,
  type Segment,
  type StageName,
  type Timeline,
} from '@voxlate/core';
import { defaultRegistries } from '@voxlate/engines';
import { Dubber } from './dubber.js';
import { MemoryCheckpoints } from './test/memory-checkpoints.js';
import { decodedSamples, largestDifferences, makeSpeechWav, makeVideo, videoStreamHash } from './test/make-media.js';

/**
 * A job's run in a folder that outlives it: kept after every stage, resumed from the last stage
 * kept, and edited lines rendered again on their own.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-job-run-'));
const dubber = new Dubber(
  { tempRoot: join(root, 'temp'), options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') },
  defaultRegistries(),
);
let input = '';

beforeAll(async () => {
  input = await makeSpeechWav(root, [
    'Welcome back to the channel.',
    'Today we are going to cook a simple dinner.',
    'First we cut the onions.',
  ]);
});
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
});

const request = (work: string, output: string): [string, DubRequest] => [
  join(root, work),
  { input, output: join(root, output), sourceLanguage: 'eng', targetLanguage: 'spa', outputContainer: 'wav' },
];

function ranStages(events: PipelineEvent[]): StageName[] {
  return events.flatMap((event) => (event.type === 'stage-started' ? [event.stage] : []));
}

/**
 * Where two renders of the same edit may differ by more than coding noise: the re-synthesised
 * line (eSpeak's output is not bit-exact from one run to the next: a few samples longer or
 * shorter), and any line the two placed or fitted differently because of it.
 */
function differingSpans(a: Timeline, b: Timeline, edited: number): { start: number; end: number }[] {
  return a.segments.flatMap((segment, i) => {
    const other = b.segments[i]!;
    const placing = (line: Segment): string => JSON.stringify([placedSpan(line), line.fit, line.dubbed?.duration]);
    const same = placing(segment) === placing(other);
    if (segment.id !== edited && same) return [];
    return [placedSpan(segment), placedSpan(other)].filter((span) => span !== undefined);
  });
}

/** Every decoded file is compared at this rate (decodedSamples' own). */
const RATE = 48000;

/** How far two renders differ outside some lines' spans (their edges included): the largest and the RMS difference. */
function seamOutside(
  a: Float32Array,
  b: Float32Array,
  spans: readonly { start: number; end: number }[],
  rate: number,
): { max: number; rms: number } {
  // The limiter's release (60 ms) carries a line's own level a little past its end.
  const left = spans.map((span) => [Math.floor((span.start - 0.1) * rate), Math.ceil((span.end + 0.1) * rate)]);
  let max = 0;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (left.some(([from, until]) => i >= from! && i < until!)) continue;
    const difference = Math.abs(a[i]! - b[i]!);
    max = Math.max(max, difference);
    sum += difference * difference;
    count++;
  }
  return { max, rms: Math.sqrt(sum / Math.max(1, count)) };
}

describe('a job run kept stage by stage', () => {
  it('saves every stage, and a run cut short goes on from the first stage not saved', async () => {
    const checkpoints = new MemoryCheckpoints();
    const [work, first] = request('work-a', 'a-1.wav');
    const whole = await dubber.dubIn(work, first, { checkpoints });
    // Every stage, in the pipeline's order, skipped ones (separate, lip sync, burn-in here) included.
    expect([...checkpoints.saved.keys()]).toEqual([...STAGES]);
    // As if the process died during synthesis: the stages after translate were never saved.
    for (const stage of ['voices', 'synthesise', 'shape', 'fit', 'check', 'mix', 'lipsync', 'burn'] as const)
      checkpoints.saved.delete(stage);
    const events: PipelineEvent[] = [];
    const resumed = await dubber.dubIn(
      work,
      { ...first, output: join(root, 'a-2.wav') },
      {
        checkpoints,
        onEvent: (event) => events.push(event),
      },
    );
    expect(ranStages(events)).toEqual(['voices', 'synthesise', 'shape', 'fit', 'check', 'mix']);
    expect(resumed.timeline.segments.map((s) => s.targetText)).toEqual(
      whole.timeline.segments.map((s) => s.targetText),
    );
    expect(resumed.timeline.segments.length).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it('runs nothing again when every stage was saved', async () => {
    const checkpoints = new MemoryCheckpoints();
    const [work, first] = request('work-b', 'b-1.wav');
    await dubber.dubIn(work, first, { checkpoints });
    const events: PipelineEvent[] = [];
    await dubber.dubIn(work, first, { checkpoints, onEvent: (event) => events.push(event) });
    expect(ranStages(events)).toEqual([]);
    expect(events.filter((event) => event.type === 'stage-skipped')).toHaveLength(STAGES.length);
  }, 180_000);

  it('renders an edited line again alone: the rest of the audio is unchanged', async () => {
    const checkpoints = new MemoryCheckpoints();
    const [work, first] = request('work-c', 'c-1.wav');
    const whole = await dubber.dubIn(work, first, { checkpoints });
    const base = (await checkpoints.load('lipsync'))!;
    const edited = base.timeline.segments[0]!;
    edited.targetText = 'Hola a todos, bienvenidos otra vez a este canal de cocina.';
    const events: PipelineEvent[] = [];
    const redone = await dubber.dubIn(
      work,
      { ...first, output: join(root, 'c-2.wav') },
      {
        checkpoints: new MemoryCheckpoints(),
        redo: { base, lines: new Set([edited.id]), retranslate: new Set(), previousOutput: join(root, 'c-1.wav') },
        onEvent: (event) => events.push(event),
      },
    );
    expect(ranStages(events)).toEqual(['translate', 'voices', 'synthesise', 'shape', 'fit', 'check', 'mix']);
    expect(redone.timeline.segments[0]!.targetText).toBe(edited.targetText);
    expect(redone.timeline.segments.slice(1).map((s) => s.targetText)).toEqual(
      whole.timeline.segments.slice(1).map((s) => s.targetText),
    );
    const before = decodedSamples(join(root, 'c-1.wav'));
    const after = decodedSamples(join(root, 'c-2.wav'));
    expect(after.length).toBe(before.length);
    const rate = RATE;
    const span = placedSpan(redone.timeline.segments[0]!)!;
    const oldSpan = placedSpan(whole.timeline.segments[0]!)!;
    // The limiter and the duck's fades reach a little past the line's edges.
    const changedUntil = Math.ceil((Math.max(span.end, oldSpan.end) + 0.3) * rate);
    const { inside, outside } = largestDifferences(before, after, (i) => i < changedUntil);
    expect(inside).toBeGreaterThan(0.05);
    // Spliced into the previous WAV: the rest of the file is the same, sample for sample.
    expect(outside).toBe(0);
    // No seam: around the new line the file is what a whole render of the edit gives (the new
    // line itself is left out: synthesis is not bit-exact from one run to the next).
    const wholeRun = await dubber.dubIn(
      work,
      { ...first, output: join(root, 'c-whole.wav') },
      {
        checkpoints: new MemoryCheckpoints(),
        redo: { base, lines: new Set([edited.id]), retranslate: new Set() },
      },
    );
    const left = differingSpans(redone.timeline, wholeRun.timeline, edited.id);
    expect(seamOutside(after, decodedSamples(join(root, 'c-whole.wav')), left, rate).max).toBeLessThan(1e-3);
    expect(readdirSync(join(root, 'work-c'))).toContain('clips');
  }, 240_000);

  it('splices a re-dubbed line into the previous MP4: its AAC frames replaced, the rest and the picture kept', async () => {
    const video = makeVideo(root, input, 'talk.mp4');
    const checkpoints = new MemoryCheckpoints();
    const first: DubRequest = {
      input: video,
      output: join(root, 'd-1.mp4'),
      sourceLanguage: 'eng',
      targetLanguage: 'spa',
    };
    const whole = await dubber.dubIn(join(root, 'work-d'), first, { checkpoints });
    const base = (await checkpoints.load('lipsync'))!;
    const edited = base.timeline.segments[1]!;
    edited.targetText = 'Hoy vamos a cocinar una cena muy sencilla y muy rica para toda la familia.';
    const redone = await dubber.dubIn(
      join(root, 'work-d'),
      { ...first, output: join(root, 'd-2.mp4') },
      {
        checkpoints: new MemoryCheckpoints(),
        redo: { base, lines: new Set([edited.id]), retranslate: new Set(), previousOutput: first.output },
      },
    );
    const before = decodedSamples(first.output);
    const after = decodedSamples(join(root, 'd-2.mp4'));
    expect(after.length).toBe(before.length);
    const rate = RATE;
    // The edited line, and the lines it pushed later (a longer line moves the next one).
    const moved = redone.timeline.segments.filter((segment, i) => {
      const was = placedSpan(whole.timeline.segments[i]!);
      const is = placedSpan(segment);
      return segment.id === edited.id || was?.start !== is?.start || was?.end !== is?.end;
    });
    const spans = moved.flatMap((segment) => [placedSpan(segment)!, placedSpan(whole.timeline.segments[segment.id]!)!]);
    // The changed stretch, with the fade room and one AAC frame of overlap at each side.
    const from = Math.floor((Math.min(...spans.map((s) => s.start)) - 0.35) * rate);
    const until = Math.ceil((Math.max(...spans.map((s) => s.end)) + 0.35) * rate);
    const { inside, outside } = largestDifferences(before, after, (i) => i >= from && i < until);
    expect(inside).toBeGreaterThan(0.05);
    expect(outside).toBeLessThan(1e-3);
    expect(videoStreamHash(join(root, 'd-2.mp4'))).toBe(videoStreamHash(first.output));
    // The subtitle track follows the edit.
    const track = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-i',
      join(root, 'd-2.mp4'),
      '-map',
      '0:s:0',
      '-f',
      'srt',
      '-',
    ]);
    expect(track.toString().replace(/\s+/g, ' ')).toContain('Hoy vamos a cocinar una cena muy sencilla');
    // No seam: the spliced file sounds like the same edit rendered whole (AAC noise apart).
    const wholeRun = await dubber.dubIn(
      join(root, 'work-d'),
      { ...first, output: join(root, 'd-whole.mp4') },
      { checkpoints: new MemoryCheckpoints(), redo: { base, lines: new Set([edited.id]), retranslate: new Set() } },
    );
    const left = differingSpans(redone.timeline, wholeRun.timeline, edited.id);
    const seam = seamOutside(after, decodedSamples(join(root, 'd-whole.mp4')), left, rate);
    // Two AAC encodes of the same audio differ by their coding noise, nothing more.
    expect(seam.max).toBeLessThan(0.01);
  }, 240_000);
});
