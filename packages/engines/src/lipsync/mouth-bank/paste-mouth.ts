import { applySimilarity, invertSimilarity, type SimilarityTransform } from '@voxlate/core';
import type { FrameMask } from './feathered-mask.js';

/** A packed RGB picture (3 bytes a pixel). */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * Pastes a mouth from `source` (another frame of the same speaker) into `target`, in place:
 * each pixel under the mask is taken from where `sourceToTarget` says it came from (bilinear),
 * its colour moved by the per-channel gain that makes the source's light match the target's
 * (see colourMatch), and blended by the mask's alpha. Pixels outside the
 * mask are not touched at all.
 */
export function pasteMouth(
  target: RgbImage,
  source: RgbImage,
  sourceToTarget: SimilarityTransform,
  mask: FrameMask,
): void {
  const targetToSource = invertSimilarity(sourceToTarget);
  const colour = colourMatch(target, source, targetToSource, mask);
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      const alpha = mask.alpha[y * mask.width + x]!;
      if (alpha <= 0) continue;
      const px = mask.x + x;
      const py = mask.y + y;
      const from = applySimilarity(targetToSource, { x: px, y: py });
      const offset = (py * target.width + px) * 3;
      for (let c = 0; c < 3; c++) {
        const sampled = bilinear(source, from.x, from.y, c) * colour.gain[c]!;
        const blended = alpha * sampled + (1 - alpha) * target.pixels[offset + c]!;
        target.pixels[offset + c] = Math.max(0, Math.min(255, Math.round(blended)));
      }
    }
  }
}

/**
 * The light of the source frame matched to the target's: per channel, the ratio of the mean
 * colour over the mask's feathered ring (skin around the mouth in both frames, whatever the
 * mouth does) gives a gain, within bounds. Statistics over the whole mask would take an open
 * mouth for darker light and brighten the dark inside of the mouth into grey.
 */
export function colourMatch(
  target: RgbImage,
  source: RgbImage,
  targetToSource: SimilarityTransform,
  mask: FrameMask,
): { gain: number[] } {
  const sums = { target: [0, 0, 0], source: [0, 0, 0] };
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      const weight = mask.alpha[y * mask.width + x]!;
      if (weight <= 0 || weight >= 1) continue;
      const px = mask.x + x;
      const py = mask.y + y;
      const from = applySimilarity(targetToSource, { x: px, y: py });
      for (let c = 0; c < 3; c++) {
        sums.target[c]! += target.pixels[(py * target.width + px) * 3 + c]!;
        sums.source[c]! += bilinear(source, from.x, from.y, c);
      }
    }
  }
  return {
    gain: [0, 1, 2].map((c) => Math.max(MIN_GAIN, Math.min(MAX_GAIN, (sums.target[c]! + 1) / (sums.source[c]! + 1)))),
  };
}

/** Light differs between frames of one shot by far less than this. */
const MIN_GAIN = 0.7;
const MAX_GAIN = 1.45;

/** Channel `c` at a fractional position, edges clamped. */
function bilinear(image: RgbImage, x: number, y: number, c: number): number {
  const cx = Math.max(0, Math.min(image.width - 1, x));
  const cy = Math.max(0, Math.min(image.height - 1, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(image.width - 1, x0 + 1);
  const y1 = Math.min(image.height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const at = (px: number, py: number): number => image.pixels[(py * image.width + px) * 3 + c]!;
  const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
  const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
  return top * (1 - fy) + bottom * fy;
}
