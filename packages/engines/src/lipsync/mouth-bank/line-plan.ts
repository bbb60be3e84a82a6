import {
  chooseMouths,
  FACE_LIMITS,
  lineOutcome,
  measureFace,
  mouthShapeScale,
  scaledShape,
  smoothLandmarks,
  wantedMouths,
  type LipSyncLine,
  type LipSyncOutcome,
  type LipSyncSkipReason,
  type MouthCandidate,
  type Point,
  type TargetPose,
} from '@voxlate/core';
import type { FrameAnalysis } from './frame-analysis.js';
import type { BankedMouth, MouthBank } from './mouth-bank.js';
import { packPoints, unpackPoints, type PackedPoints } from './packed-points.js';

/** What to paint on one frame. */
export interface MouthInstruction {
  mouth: BankedMouth;
  /** The frame's face, landmarks smoothed over time. */
  points: PackedPoints;
  /** 0-1: how much of the new mouth shows (ramps in and out over a line's first and last frames). */
  strength: number;
}

/** A bank needs this many distinct mouths, with one open at least this wide, to draw a line from. */
const MIN_MOUTHS = 6;
const MIN_WIDEST_OPENING = 0.5;
/** Frames over which a line's new mouth fades in and out (no pop at the line's edges). */
const RAMP_FRAMES = 3;

/**
 * Decides one line: its outcome, and for a synced line the mouth of each of its frames (a
 * Viterbi choice from the person's bank for the wanted visemes and the face's pose).
 */
export function planLine(
  line: LipSyncLine,
  fps: number,
  analysis: FrameAnalysis,
): { outcome: LipSyncOutcome; instructions: Map<number, MouthInstruction> } {
  const first = Math.ceil(line.start * fps);
  const end = Math.min(analysis.frames, Math.ceil(line.end * fps));
  const frames = Array.from({ length: Math.max(0, end - first) }, (_, k) => first + k);
  const person = mainPerson(frames, analysis);
  const points = smoothedPoints(frames, analysis);
  const problems = frames.map((frame, k) => steadyProblem(frameProblem(frame, person, analysis), points[k]));
  const outcome = lineOutcome(problems);
  const none = new Map<number, MouthInstruction>();
  if (outcome.status === 'skipped' || person === undefined) return { outcome, instructions: none };
  const bank = analysis.banks.get(person);
  const candidates = bank ? mouthCandidates(bank) : undefined;
  if (!bank || !candidates) return { outcome: skipped(outcome, 'too-few-mouths'), instructions: none };
  const poses = points.map(poseOf);
  const path = chooseMouths(wantedMouths(line, fps, first, frames.length), poses, candidates);
  const mouths = bank.mouths();
  const instructions = new Map<number, MouthInstruction>();
  frames.forEach((frame, k) => {
    if (problems[k] !== undefined || !points[k]) return;
    const strength = Math.min(1, (k + 1) / RAMP_FRAMES, (frames.length - k) / RAMP_FRAMES);
    instructions.set(frame, { mouth: mouths[path[k]!]!, points: packPoints(points[k]), strength });
  });
  return { outcome, instructions };
}

/** The person whose face is tracked in most of the frames. */
function mainPerson(frames: readonly number[], analysis: FrameAnalysis): number | undefined {
  const counts = new Map<number, number>();
  for (const frame of frames) {
    const person = analysis.people.get(frame);
    if (person !== undefined) counts.set(person, (counts.get(person) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function frameProblem(
  frame: number,
  person: number | undefined,
  analysis: FrameAnalysis,
): LipSyncSkipReason | undefined {
  const problem = analysis.problems.get(frame);
  if (problem) return problem;
  const seen = analysis.people.get(frame);
  if (seen === undefined) return 'no-face';
  return seen === person ? undefined : 'several-faces';
}

/**
 * A frame judged in profile from its own landmarks is judged again from the landmarks smoothed
 * over its neighbours: on a small face (a jaw 50-70 px wide) one frame's yaw swings by 0.2-0.3
 * from the next with the landmark net's noise, and a line of a face turned a third of the way
 * had a fifth of its frames left with the original mouth.
 */
function steadyProblem(
  problem: LipSyncSkipReason | undefined,
  points: readonly Point[] | undefined,
): LipSyncSkipReason | undefined {
  if (problem !== 'profile' || !points) return problem;
  return Math.abs(measureFace(points).yaw) > FACE_LIMITS.maxYaw ? problem : undefined;
}

/** The bank's mouths on the person's own scale; undefined when the bank is too poor to use. */
function mouthCandidates(bank: MouthBank): MouthCandidate[] | undefined {
  const mouths = bank.mouths();
  if (mouths.length < MIN_MOUTHS) return undefined;
  const scale = mouthShapeScale(bank.seen);
  const candidates = mouths.map((mouth) => ({
    shape: scaledShape(mouth.measures, scale),
    yaw: mouth.measures.yaw,
    roll: mouth.measures.roll,
    pitch: mouth.measures.pitch,
  }));
  const widest = Math.max(...candidates.map((c) => c.shape.openness));
  return widest >= MIN_WIDEST_OPENING ? candidates : undefined;
}

/** The line's landmarks smoothed within their shots; undefined where a frame had none. */
function smoothedPoints(frames: readonly number[], analysis: FrameAnalysis): (Point[] | undefined)[] {
  if (frames.length === 0) return [];
  const pad = 2;
  const first = frames[0]! - pad;
  const window = Array.from({ length: frames.length + 2 * pad }, (_, k) => {
    const packed = analysis.points.get(first + k);
    return packed ? unpackPoints(packed) : undefined;
  });
  const smoothed = smoothLandmarks(window, (k) => analysis.shots[first + k] ?? -1);
  return smoothed.slice(pad, pad + frames.length);
}

function poseOf(points: readonly Point[] | undefined): TargetPose {
  if (!points) return { yaw: 0, roll: 0, pitch: 0.4 };
  const { yaw, roll, pitch } = measureFace(points);
  return { yaw, roll, pitch };
}

function skipped(outcome: LipSyncOutcome, reason: LipSyncSkipReason): LipSyncOutcome {
  return { status: 'skipped', reason, frames: outcome.frames, syncedFrames: 0 };
}
