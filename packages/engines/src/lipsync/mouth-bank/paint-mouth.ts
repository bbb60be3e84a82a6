import {
  centroid,
  distance,
  fitSimilarity,
  STABLE_POINTS,
  type Point,
  type SimilarityTransform,
  type YuvFrame,
} from '@voxlate/core';
import type { RgbImage } from '../frame-pictures.js';
import { grownBuffer } from '../grown-buffer.js';
import { chromaAlignedBox, rgbIntoYuvBox, yuvBoxToRgb } from '../yuv-box.js';
import type { FrameMask } from './feathered-mask.js';
import { featheredPolygon } from './feathered-polygon.js';
import type { MouthInstruction } from './line-plan.js';
import type { BankedMouth } from './mouth-bank.js';
import { unpackPoints } from './packed-points.js';
import { pasteMouth } from './paste-mouth.js';

/** The ring outside the lower face over which the new mouth fades, as a share of the jaw's width. */
const FEATHER = 0.12;
/**
 * The banked face's own region reaches this much further (as a share of the jaw's width): the
 * product of two soft edges at the same place left a third to a half of the original's chin and
 * lower lip showing (the faint second mouth of movie-hello.mp4's frames 42-47).
 */
const SOURCE_SLACK = 0.1;

/**
 * Puts the instruction's mouth on the frame, in place: the banked crop is carried onto this
 * face by the similarity transform between their stable points (nose, eye corners, cheeks:
 * they do not move when the mouth does) and put over the whole lower face (everything that
 * moves when the speaker talks, so nothing of the original mouth shows through), fading over a
 * thin ring outside its outline. Nothing outside that ring changes.
 */
export function paintMouth(frame: RgbImage, instruction: MouthInstruction): void {
  const paste = plannedPaste(frame, instruction);
  if (paste) pasteMouth(frame, paste.crop, paste.transform, paste.mask, paste.sourceMask);
}

/**
 * The same on a frame kept in the video's YUV: only the box under the mask is converted to RGB,
 * painted there, and written back where it changed.
 */
export function paintMouthOnYuv(frame: YuvFrame, instruction: MouthInstruction): void {
  const paste = plannedPaste(frame, instruction);
  if (!paste) return;
  const box = chromaAlignedBox(paste.mask, frame);
  const bytes = box.width * box.height * 3;
  const window = yuvBoxToRgb(frame, box, windowScratch(bytes));
  const before = beforeScratch(bytes);
  before.set(window.pixels);
  // The mask and the transform moved into the box's own coordinates.
  const mask = { ...paste.mask, x: paste.mask.x - box.x, y: paste.mask.y - box.y };
  const { a, b, tx, ty } = paste.transform;
  pasteMouth(window, paste.crop, { a, b, tx: tx - box.x, ty: ty - box.y }, mask, paste.sourceMask);
  rgbIntoYuvBox(frame, box, window, before);
}

interface PlannedPaste {
  crop: RgbImage;
  transform: SimilarityTransform;
  mask: FrameMask;
  sourceMask: FrameMask;
}

/** Where the instruction's banked mouth goes on a frame of this size, and through which mask. */
function plannedPaste(
  frame: { width: number; height: number },
  instruction: MouthInstruction,
): PlannedPaste | undefined {
  const { mouth, strength } = instruction;
  const points = unpackPoints(instruction.points);
  const from = STABLE_POINTS.map((i) => mouth.points[i]!);
  const to = STABLE_POINTS.map((i) => points[i]!);
  const transform = fitSimilarity(from, to);
  if (!transform) return undefined;
  const mask = featheredPolygon(lowerFaceOutline(points, 0), FEATHER * jawWidth(points), frame, 'reuse');
  if (strength < 1) for (let i = 0; i < mask.alpha.length; i++) mask.alpha[i]! *= strength;
  return { crop: mouth.crop, transform, mask, sourceMask: sourceMaskOf(mouth) };
}

/** The render's buffers for a mouth's box (its RGB, and that RGB before the paste), used again every frame. */
const windowScratch = grownBuffer((length) => new Uint8Array(length));
const beforeScratch = grownBuffer((length) => new Uint8Array(length));

const sourceMasks = new WeakMap<BankedMouth, FrameMask>();

/** The same region on the banked mouth's own face (made once per banked mouth). */
function sourceMaskOf(mouth: BankedMouth): FrameMask {
  let mask = sourceMasks.get(mouth);
  if (!mask) {
    const reach = SOURCE_SLACK * jawWidth(mouth.points);
    mask = featheredPolygon(lowerFaceOutline(mouth.points, reach), FEATHER * jawWidth(mouth.points), mouth.crop);
    sourceMasks.set(mouth, mask);
  }
  return mask;
}

/**
 * The region that moves when the speaker talks, whole: the jaw line from ear to ear (lips,
 * chin, jaw and cheeks under it), closed under the nose; `grow` pixels further out from its
 * middle. Everything inside is the new mouth's face; only the thin ring outside blends.
 */
export function lowerFaceOutline(points: readonly Point[], grow: number): Point[] {
  const outline = [...JAW.map((i) => points[i]!), ...UNDER_NOSE.map((i) => points[i]!)];
  const middle = centroid(outline);
  return outline.map((p) => {
    const away = Math.hypot(p.x - middle.x, p.y - middle.y) || 1;
    return { x: p.x + ((p.x - middle.x) / away) * grow, y: p.y + ((p.y - middle.y) / away) * grow };
  });
}

/** The jaw line's landmarks, ear to ear (68-point layout), and the nose's underside back across. */
const JAW = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
const UNDER_NOSE = [35, 34, 33, 32, 31];

function jawWidth(points: readonly Point[]): number {
  return distance(points[2]!, points[14]!);
}
