import {
  CutDetector,
  faceProblem,
  throwIfAborted,
  type EngineContext,
  type FrameRange,
  type LipSyncJob,
  type LipSyncSkipReason,
  type VideoFrame,
} from '@voxlate/core';
import type { FaceLandmarker } from '../face-landmarker.js';
import { FaceIdentities } from './face-identities.js';
import { FaceTracker } from './face-tracker.js';
import { MouthBank } from './mouth-bank.js';
import { midPoints, packPoints, type PackedPoints } from './packed-points.js';

/** Frames this long around speech and dubbed lines are analysed too (smoothing, edges). */
const PADDING_SECONDS = 0.25;
const THUMBNAIL = { width: 64, height: 36 };
/**
 * Above this frame rate the face is looked at in every other frame and the frames between get
 * the mean of their neighbours' landmarks: the landmark net (some 9 ms a face here) is the
 * analysis's largest cost, and a face moves little in a 25th of a second.
 */
const EVERY_FRAME_UP_TO_FPS = 20;

/** What the first pass learnt, frame by frame (only frames near speech are looked at closely). */
export interface FrameAnalysis {
  /** Shot number of every frame. */
  shots: number[];
  /** Landmarks of the tracked face, per analysed frame that had one. */
  points: Map<number, PackedPoints>;
  /** Who the tracked face is, per frame with landmarks. */
  people: Map<number, number>;
  /** Why a frame's face cannot take a mouth, per analysed frame that has a problem. */
  problems: Map<number, LipSyncSkipReason>;
  /** Each person's mouths. */
  banks: Map<number, MouthBank>;
  frames: number;
}

/**
 * The analysis pass: every frame feeds the cut detector; frames near speech have their face
 * tracked and landmarked, are judged fit or not for a new mouth, and give the person's bank
 * their mouth when fit. With several landmarkers (a pool, one per core) the video is cut in as
 * many stretches, split where nobody speaks, and each is read and looked at by its own one at
 * once; people and banks are shared, so a person seen in two stretches is one person.
 */
export async function analyseFrames(
  job: LipSyncJob,
  landmarkers: readonly FaceLandmarker[],
  context: EngineContext,
): Promise<FrameAnalysis> {
  const analysis: FrameAnalysis = {
    shots: [],
    points: new Map(),
    people: new Map(),
    problems: new Map(),
    banks: new Map(),
    frames: 0,
  };
  const near = nearSpeech(job);
  const identities = new FaceIdentities();
  const speaking = (frame: number): boolean => near(frame / job.video.fps);
  const ranges = splitRanges(job.video.frames, landmarkers.length, speaking);
  const reading = readingSpans(job.video.frames, speaking, Math.round(SKIPPED_GAP_SECONDS * job.video.fps));
  const done = ranges.map(() => 0);
  const skipped = await Promise.all(
    ranges.map((range, k) =>
      analyseRange(
        { job, spans: within(reading, range), shotBase: k * SHOTS_PER_RANGE, near, analysis, context },
        landmarkers[k]!,
        identities,
        (frames) => {
          done[k] = frames;
          context.onProgress?.(
            done.reduce((sum, count) => sum + count, 0),
            job.video.frames,
          );
        },
      ),
    ),
  );
  peopleResolved(analysis, identities.resolved());
  for (const frame of skipped.flat()) fillBetween(frame, analysis);
  analysis.frames = Math.max(analysis.frames, job.video.frames);
  return analysis;
}

/** Every frame's person and every bank renamed to who they finally are, one person's banks made one. */
function peopleResolved(analysis: FrameAnalysis, resolved: ReadonlyMap<number, number>): void {
  const final = (person: number): number => resolved.get(person) ?? person;
  for (const [frame, person] of analysis.people) analysis.people.set(frame, final(person));
  const banks = [...analysis.banks.entries()].sort((a, b) => final(a[0]) - final(b[0]) || a[0] - b[0]);
  analysis.banks.clear();
  for (const [person, bank] of banks) {
    const held = analysis.banks.get(final(person));
    if (held) held.absorb(bank);
    else analysis.banks.set(final(person), bank);
  }
}

/** Shot numbers of the k-th stretch start at k times this (a stretch's first frame is a new shot). */
const SHOTS_PER_RANGE = 1_000_000;

/**
 * Frames this far from any speech or dubbed line are not read at all (they feed only the cut
 * detector, and a stretch read after a gap starts a new shot anyway). Shorter gaps are read
 * through: each stretch read is a decoder started and seeked, about what a second of 720p costs.
 */
const SKIPPED_GAP_SECONDS = 2;

interface RangeWork {
  job: LipSyncJob;
  /** The stretches of this core's range to read, in order. */
  spans: FrameRange[];
  shotBase: number;
  near: (seconds: number) => boolean;
  analysis: FrameAnalysis;
  context: EngineContext;
}

/** One core's share of the analysis; returns the frames near speech that were not looked at. */
async function analyseRange(
  work: RangeWork,
  landmarker: FaceLandmarker,
  identities: FaceIdentities,
  onProgress: (frames: number) => void,
): Promise<number[]> {
  const { job, analysis, context } = work;
  const step = job.video.fps > EVERY_FRAME_UP_TO_FPS ? 2 : 1;
  const tracker = new FaceTracker(landmarker, identities, step);
  const skipped: number[] = [];
  const first = work.spans[0]?.first ?? 0;
  let shot = work.shotBase - 1;
  for (const span of work.spans) {
    // A stretch read after a gap is a new shot: its first frame is a cut to the detector.
    const cuts = new CutDetector();
    for await (const frame of job.readFrames(span)) {
      throwIfAborted(context.signal);
      const cut = cuts.push(lumaThumbnail(frame));
      if (cut) shot++;
      analysis.shots[frame.index] = shot;
      analysis.frames = Math.max(analysis.frames, frame.index + 1);
      if (work.near(frame.index / job.video.fps)) {
        if (cut || frame.index % step === 0) await observe(frame, cut, tracker, analysis);
        else skipped.push(frame.index);
      }
      if (frame.index % 10 === 0) onProgress(frame.index - first);
      // The tracker and the bank keep crops and numbers, never the frame itself.
      frame.release?.();
    }
  }
  return skipped;
}

/**
 * The stretches worth reading: the frames near speech, joined across gaps shorter than
 * `minGap` frames. The last stays open-ended when it reaches within `minGap` of the end (the
 * frame count is an estimate). No speech at all: nothing to read.
 */
export function readingSpans(frames: number, speaking: (frame: number) => boolean, minGap: number): FrameRange[] {
  const spans: FrameRange[] = [];
  for (let frame = 0; frame < frames; frame++) {
    if (!speaking(frame)) continue;
    const last = spans.at(-1);
    if (last && frame - last.end < minGap) last.end = frame + 1;
    else spans.push({ first: frame, end: frame + 1 });
  }
  const last = spans.at(-1);
  if (last && frames - last.end < minGap) last.end = Number.POSITIVE_INFINITY;
  return spans;
}

/** The parts of `spans` inside `range`. */
function within(spans: readonly FrameRange[], range: FrameRange): FrameRange[] {
  return spans
    .map((span) => ({ first: Math.max(span.first, range.first), end: Math.min(span.end, range.end) }))
    .filter((span) => span.end > span.first);
}

/**
 * `count` stretches covering the frames (the last one open-ended: the frame count is an
 * estimate), each holding about an equal share of the speech, cut at the frame nearest that
 * share where nobody speaks, so no line is looked at by two trackers.
 */
export function splitRanges(frames: number, count: number, speaking: (frame: number) => boolean): FrameRange[] {
  const cuts: number[] = [];
  const shares = speechShares(frames, count, speaking);
  for (let k = 1; k < count; k++) {
    const target = shares[k - 1]!;
    const reach = Math.round(frames / (2 * count));
    let cut = target;
    for (let d = 0; d <= reach; d++) {
      if (!speaking(target + d)) {
        cut = target + d;
        break;
      }
      if (!speaking(target - d)) {
        cut = target - d;
        break;
      }
    }
    if (cut > (cuts.at(-1) ?? 0)) cuts.push(cut);
  }
  const starts = [0, ...cuts];
  return starts.map((first, i) => ({ first, end: starts[i + 1] ?? Number.POSITIVE_INFINITY }));
}

/**
 * The frames where each core's share of the speech ends (k / count of the frames near speech,
 * so a video that talks only at its start is still shared); equal shares of the frames when
 * nobody speaks.
 */
function speechShares(frames: number, count: number, speaking: (frame: number) => boolean): number[] {
  let total = 0;
  for (let frame = 0; frame < frames; frame++) if (speaking(frame)) total++;
  const shares: number[] = [];
  let seen = 0;
  for (let frame = 0; frame < frames && shares.length < count - 1; frame++) {
    if (speaking(frame)) seen++;
    if (total > 0 && seen >= ((shares.length + 1) * total) / count) shares.push(frame + 1);
  }
  while (shares.length < count - 1) shares.push(Math.round(((shares.length + 1) * frames) / count));
  return shares;
}

/**
 * A frame that was not looked at takes the mean of its two neighbours' landmarks when both show
 * the same person in the same shot, and their problem when either had one.
 */
function fillBetween(frame: number, analysis: FrameAnalysis): void {
  const [before, after] = [frame - 1, frame + 1];
  const problem = analysis.problems.get(before) ?? analysis.problems.get(after);
  const person = analysis.people.get(before);
  const [a, b] = [analysis.points.get(before), analysis.points.get(after)];
  const continuous = analysis.shots[before] === analysis.shots[after] && person === analysis.people.get(after);
  if (!a || !b || person === undefined || !continuous) {
    analysis.problems.set(frame, problem ?? 'no-face');
    return;
  }
  analysis.points.set(frame, midPoints(a, b));
  analysis.people.set(frame, person);
  if (problem) analysis.problems.set(frame, problem);
}

async function observe(frame: VideoFrame, cut: boolean, tracker: FaceTracker, analysis: FrameAnalysis): Promise<void> {
  const seen = await tracker.observe(frame, cut);
  const measures = seen.measures;
  const problem = faceProblem(measures, seen.points, seen.faceWidths, frame);
  if (seen.points && seen.person !== undefined) {
    analysis.points.set(frame.index, packPoints(seen.points));
    analysis.people.set(frame.index, seen.person);
  }
  if (problem) {
    analysis.problems.set(frame.index, problem);
    return;
  }
  if (!seen.points || !measures || seen.person === undefined) return;
  // Landmarks squeezed into a box off the face: their crop would carry a chin over the mouth.
  if (seen.squeezed) return;
  let bank = analysis.banks.get(seen.person);
  if (!bank) analysis.banks.set(seen.person, (bank = new MouthBank()));
  bank.consider(frame, seen.points, measures);
}

/** Whether a time is within the padding of a source speech stretch or a dubbed line. */
function nearSpeech(job: LipSyncJob): (seconds: number) => boolean {
  const spans = [...job.speech, ...job.lines].map((s) => [s.start - PADDING_SECONDS, s.end + PADDING_SECONDS] as const);
  return (seconds) => spans.some(([start, end]) => seconds >= start && seconds <= end);
}

/** A small grey copy of the frame (nearest pixel), for the cut detector. */
function lumaThumbnail(frame: VideoFrame): Uint8Array {
  const { width, height } = THUMBNAIL;
  const thumbnail = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = Math.min(frame.height - 1, Math.floor(((y + 0.5) * frame.height) / height));
    for (let x = 0; x < width; x++) {
      const column = Math.min(frame.width - 1, Math.floor(((x + 0.5) * frame.width) / width));
      const i = (row * frame.width + column) * 3;
      thumbnail[y * width + x] = (77 * frame.pixels[i]! + 150 * frame.pixels[i + 1]! + 29 * frame.pixels[i + 2]!) >> 8;
    }
  }
  return thumbnail;
}
