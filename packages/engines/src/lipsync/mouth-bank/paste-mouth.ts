import { invertSimilarity, type SimilarityTransform } from '@voxlate/core';
import type { RgbImage } from '../frame-pictures.js';
import { roundByte } from '../round-byte.js';
import type { FrameMask } from './feathered-mask.js';

/**
 * Pastes a mouth from `source` (another frame of the same speaker) into `target`, in place:
 * each pixel under the mask is taken from where `sourceToTarget` says it came from (bilinear),
 * its colour moved by the per-channel gain that makes the source's light match the target's
 * (see colourMatch), and blended by the mask's alpha. Pixels outside the
 * mask are not touched at all. With a `sourceMask` (the same region on the source's own face),
 * a pixel is blended only as far as it also comes from inside that: where the source's face
 * sat a little differently, its background or jaw edge is not carried onto this face. Written
 * as one tight loop (a 720p face's mask is some 80,000 pixels, every frame of every line).
 */
export function pasteMouth(
  target: RgbImage,
  source: RgbImage,
  sourceToTarget: SimilarityTransform,
  mask: FrameMask,
  sourceMask?: FrameMask,
): void {
  const { a, b, tx, ty } = invertSimilarity(sourceToTarget);
  const [gainR, gainG, gainB] = colourMatch(target, source, { a, b, tx, ty }, mask).gain as [number, number, number];
  const pixels = target.pixels;
  const from = source.pixels;
  const [lastX, lastY, stride] = [source.width - 1, source.height - 1, source.width * 3];
  for (let y = 0; y < mask.height; y++) {
    const py = mask.y + y;
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      let alpha = mask.alpha[row + x]!;
      if (alpha <= 0) continue;
      const px = mask.x + x;
      const sx = a * px - b * py + tx;
      const sy = b * px + a * py + ty;
      if (sourceMask) alpha *= maskAt(sourceMask, sx, sy);
      if (alpha <= 0) continue;
      // Bilinear, edges clamped; written out here, as this loop is most of the render's own work.
      const cx = sx < 0 ? 0 : sx > lastX ? lastX : sx;
      const cy = sy < 0 ? 0 : sy > lastY ? lastY : sy;
      const x0 = Math.floor(cx);
      const y0 = Math.floor(cy);
      const fx = cx - x0;
      const fy = cy - y0;
      const i00 = y0 * stride + x0 * 3;
      const i01 = x0 < lastX ? i00 + 3 : i00;
      const i10 = y0 < lastY ? i00 + stride : i00;
      const i11 = x0 < lastX ? i10 + 3 : i10;
      const w00 = (1 - fx) * (1 - fy);
      const w01 = fx * (1 - fy);
      const w10 = (1 - fx) * fy;
      const w11 = fx * fy;
      const r = from[i00]! * w00 + from[i01]! * w01 + from[i10]! * w10 + from[i11]! * w11;
      const g = from[i00 + 1]! * w00 + from[i01 + 1]! * w01 + from[i10 + 1]! * w10 + from[i11 + 1]! * w11;
      const bl = from[i00 + 2]! * w00 + from[i01 + 2]! * w01 + from[i10 + 2]! * w10 + from[i11 + 2]! * w11;
      const offset = (py * target.width + px) * 3;
      const keep = 1 - alpha;
      pixels[offset] = roundByte(alpha * r * gainR + keep * pixels[offset]!);
      pixels[offset + 1] = roundByte(alpha * g * gainG + keep * pixels[offset + 1]!);
      pixels[offset + 2] = roundByte(alpha * bl * gainB + keep * pixels[offset + 2]!);
    }
  }
}

/**
 * The light of the source frame matched to the target's: per channel, the ratio of the mean
 * colour over the mask's feathered ring (skin around the mouth in both frames, whatever the
 * mouth does) gives a gain, within bounds. Statistics over the whole mask would take an open
 * mouth for darker light and brighten the dark inside of the mouth into grey. Every other
 * pixel of the ring is plenty for a mean.
 */
export function colourMatch(
  target: RgbImage,
  source: RgbImage,
  targetToSource: SimilarityTransform,
  mask: FrameMask,
): { gain: number[] } {
  const { a, b, tx, ty } = targetToSource;
  const sums = { target: [0, 0, 0], source: [0, 0, 0] };
  const sampled = new Float64Array(3);
  for (let y = 0; y < mask.height; y += 2) {
    const py = mask.y + y;
    for (let x = 0; x < mask.width; x += 2) {
      const weight = mask.alpha[y * mask.width + x]!;
      if (weight <= 0 || weight >= 1) continue;
      const px = mask.x + x;
      sampleRgb(source, a * px - b * py + tx, b * px + a * py + ty, sampled);
      const offset = (py * target.width + px) * 3;
      for (let c = 0; c < 3; c++) {
        sums.target[c]! += target.pixels[offset + c]!;
        sums.source[c]! += sampled[c]!;
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

/** A mask's alpha at a fractional position (nearest pixel; 0 outside it). */
function maskAt(mask: FrameMask, x: number, y: number): number {
  // floor(v + 0.5) is Math.round for every v, without the call V8 keeps for it.
  const mx = Math.floor(x + 0.5) - mask.x;
  const my = Math.floor(y + 0.5) - mask.y;
  if (mx < 0 || my < 0 || mx >= mask.width || my >= mask.height) return 0;
  return mask.alpha[my * mask.width + mx]!;
}

/**
 * The three channels at a fractional position (bilinear, edges clamped) into `out`. pasteMouth
 * writes the same sampling out in its loop (through this call it took twice as long): change both together.
 */
function sampleRgb(image: RgbImage, x: number, y: number, out: Float64Array): void {
  const cx = x < 0 ? 0 : x > image.width - 1 ? image.width - 1 : x;
  const cy = y < 0 ? 0 : y > image.height - 1 ? image.height - 1 : y;
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = x0 + 1 < image.width ? x0 + 1 : x0;
  const y1 = y0 + 1 < image.height ? y0 + 1 : y0;
  const fx = cx - x0;
  const fy = cy - y0;
  const p = image.pixels;
  const i00 = (y0 * image.width + x0) * 3;
  const i01 = (y0 * image.width + x1) * 3;
  const i10 = (y1 * image.width + x0) * 3;
  const i11 = (y1 * image.width + x1) * 3;
  const w00 = (1 - fx) * (1 - fy);
  const w01 = fx * (1 - fy);
  const w10 = (1 - fx) * fy;
  const w11 = fx * fy;
  for (let c = 0; c < 3; c++) out[c] = p[i00 + c]! * w00 + p[i01 + c]! * w01 + p[i10 + c]! * w10 + p[i11 + c]! * w11;
}

/** Rounded to the nearest whole byte (halves up, as Math.round), clamped to 0-255. */
