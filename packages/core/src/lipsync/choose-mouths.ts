import type { MouthShape } from './visemes.js';
import type { WantedMouth } from './wanted-mouths.js';

/** A mouth the speaker showed somewhere in the clip, as the chooser sees it. */
export interface MouthCandidate {
  shape: MouthShape;
  /** Head pose of the frame it was taken from (see FaceMeasures). */
  yaw: number;
  roll: number;
  pitch: number;
}

/** The face a chosen mouth will be put on. */
export interface TargetPose {
  yaw: number;
  roll: number;
  pitch: number;
}

/** How much each mismatch costs; shape matters most, openness above all. */
export const MOUTH_COSTS = {
  openness: 4,
  width: 1,
  rounding: 1,
  /** A closure shown with parted lips: worse than any other openness error. */
  openClosure: 6,
  yaw: 2,
  roll: 3,
  /** Per 0.1 of the nose's share between eyes and chin, squared: a nod changes the mouth's look a lot. */
  pitch: 60,
  /** Changing to another crop: keeps a steady mouth from flickering between near-equal crops. */
  switch: 0.04,
  /** ... and the jump in openness a change makes (mouths move, but not by leaps). */
  jump: 0.5,
} as const;

/**
 * Picks one candidate per frame with a Viterbi pass over the line: the cost of each frame's
 * choice (its shape against the wanted one, its pose against the face it goes on) plus the cost
 * of changing crops from frame to frame. The path of least total cost is the mouth sequence:
 * as close to the wanted shapes as the bank allows, without flicker.
 */
export function chooseMouths(
  wanted: readonly WantedMouth[],
  poses: readonly TargetPose[],
  candidates: readonly MouthCandidate[],
): number[] {
  const n = candidates.length;
  if (n === 0 || wanted.length === 0) return [];
  let cost = Float64Array.from(candidates, (c) => frameCost(wanted[0]!, poses[0]!, c));
  const back: Int32Array[] = [];
  for (let t = 1; t < wanted.length; t++) {
    const next = new Float64Array(n);
    const from = new Int32Array(n);
    for (let j = 0; j < n; j++) {
      let best = Infinity;
      for (let i = 0; i < n; i++) {
        const total = cost[i]! + changeCost(candidates[i]!, candidates[j]!, i === j);
        if (total < best) {
          best = total;
          from[j] = i;
        }
      }
      next[j] = best + frameCost(wanted[t]!, poses[t]!, candidates[j]!);
    }
    cost = next;
    back.push(from);
  }
  let last = 0;
  for (let j = 1; j < n; j++) if (cost[j]! < cost[last]!) last = j;
  const path = [last];
  for (let t = back.length - 1; t >= 0; t--) path.push(back[t]![path.at(-1)!]!);
  return path.reverse();
}

function frameCost(wanted: WantedMouth, pose: TargetPose, candidate: MouthCandidate): number {
  const { shape } = candidate;
  const open = shape.openness - wanted.shape.openness;
  const closure = wanted.closure ? MOUTH_COSTS.openClosure * shape.openness : 0;
  return (
    MOUTH_COSTS.openness * open * open +
    MOUTH_COSTS.width * (shape.width - wanted.shape.width) ** 2 +
    MOUTH_COSTS.rounding * (shape.rounding - wanted.shape.rounding) ** 2 +
    closure +
    MOUTH_COSTS.yaw * (candidate.yaw - pose.yaw) ** 2 +
    MOUTH_COSTS.roll * (candidate.roll - pose.roll) ** 2 +
    MOUTH_COSTS.pitch * (candidate.pitch - pose.pitch) ** 2
  );
}

function changeCost(from: MouthCandidate, to: MouthCandidate, same: boolean): number {
  if (same) return 0;
  return MOUTH_COSTS.switch + MOUTH_COSTS.jump * (from.shape.openness - to.shape.openness) ** 2;
}
