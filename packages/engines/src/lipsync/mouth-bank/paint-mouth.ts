import { distance, fitSimilarity, STABLE_POINTS, type Point, type VideoFrame } from '@voxlate/core';
import { featheredEllipse, type FrameMask } from './feathered-mask.js';
import type { MouthInstruction } from './line-plan.js';
import type { BankedMouth } from './mouth-bank.js';
import { unpackPoints } from './packed-points.js';
import { pasteMouth } from './paste-mouth.js';

/** Share of the ellipse's radius over which the new mouth fades into the face. */
const FEATHER = 0.5;

/**
 * Puts the instruction's mouth on the frame, in place: the banked crop is carried onto this
 * face by the similarity transform between their stable points (nose, eye corners, cheeks:
 * they do not move when the mouth does) and blended in under a feathered ellipse over the
 * mouth and chin, cheek to cheek. Nothing outside the ellipse changes.
 */
export function paintMouth(frame: VideoFrame, instruction: MouthInstruction): void {
  const { mouth, strength } = instruction;
  const points = unpackPoints(instruction.points);
  const from = STABLE_POINTS.map((i) => mouth.points[i]!);
  const to = STABLE_POINTS.map((i) => points[i]!);
  const transform = fitSimilarity(from, to);
  if (!transform) return;
  const mask = featheredEllipse(lowerFaceEllipse(points), frame);
  if (strength < 1) for (let i = 0; i < mask.alpha.length; i++) mask.alpha[i]! *= strength;
  pasteMouth(frame, mouth.crop, transform, mask, sourceMaskOf(mouth));
}

const sourceMasks = new WeakMap<BankedMouth, FrameMask>();

/** The same region on the banked mouth's own face (made once per banked mouth). */
function sourceMaskOf(mouth: BankedMouth): FrameMask {
  let mask = sourceMasks.get(mouth);
  if (!mask) {
    mask = featheredEllipse(lowerFaceEllipse(mouth.points), mouth.crop);
    sourceMasks.set(mouth, mask);
  }
  return mask;
}

/** Centred a little below the mouth, from under the nose to just past the chin, jaw to jaw. */
function lowerFaceEllipse(points: readonly Point[]): Parameters<typeof featheredEllipse>[0] {
  const nose = points[33]!;
  const chin = points[8]!;
  const height = chin.y - nose.y;
  return {
    centreX: (points[4]!.x + points[12]!.x + 2 * points[62]!.x) / 4,
    centreY: nose.y + 0.58 * height,
    radiusX: 0.45 * distance(points[4]!, points[12]!),
    radiusY: 0.66 * height,
    feather: FEATHER,
  };
}
