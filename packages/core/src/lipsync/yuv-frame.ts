import type { Box } from './lip-sync-types.js';

/**
 * How a frame's YUV maps to RGB: the matrix's red and blue weights (the luma is
 * kr R + (1 - kr - kb) G + kb B) and whether the values use the full 0-255 range or video's
 * 16-235 (chroma 16-240).
 */
export interface FrameColour {
  kr: number;
  kb: number;
  fullRange: boolean;
}

/** The matrices' weights, by ffprobe's names for them; untagged video is read as BT.601 (as swscale does). */
const MATRIX_WEIGHTS: Readonly<Record<string, readonly [number, number]>> = {
  bt709: [0.2126, 0.0722],
  smpte170m: [0.299, 0.114],
  bt470bg: [0.299, 0.114],
  smpte240m: [0.212, 0.087],
  fcc: [0.3, 0.11],
  bt2020nc: [0.2627, 0.0593],
  bt2020c: [0.2627, 0.0593],
};

/** A stream's frame colour from its ffprobe colour tags. */
export function frameColourOf(colour: { space?: string; range?: string }): FrameColour {
  const [kr, kb] = MATRIX_WEIGHTS[colour.space ?? ''] ?? [0.299, 0.114];
  return { kr, kb, fullRange: colour.range === 'pc' };
}

/** A packed RGB picture (3 bytes a pixel). */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A packed RGB picture cut out of a frame, and where it sat (`box`, whole pixels, inside the frame). */
export interface FrameCrop extends RgbImage {
  box: Box;
}

/**
 * One decoded picture as the decoder gives it and the encoder takes it: planar YUV 4:2:0, 8 bits
 * (I420: a full-size luma plane, then two chroma planes of half the width and height, rounded
 * up), rows top to bottom. Nothing converts a whole frame to RGB: the faces are converted where
 * they are looked at or painted, so the pixels lip sync leaves alone go to the encoder exactly as
 * they were decoded, and half the bytes of RGB go through the pipes.
 */
export interface VideoFrame {
  /** 0-based, at the video's frame rate: the frame shows the time `index / fps`. */
  index: number;
  width: number;
  height: number;
  /** The three planes, one after another (`i420Size` bytes). */
  pixels: Uint8Array;
  colour: FrameColour;
}

/** Bytes of an I420 picture of this size. */
export function i420Size(width: number, height: number): number {
  return width * height + 2 * chromaWidth(width) * chromaHeight(height);
}

export const chromaWidth = (width: number): number => Math.ceil(width / 2);
export const chromaHeight = (height: number): number => Math.ceil(height / 2);

/** Where the U and V planes start in `pixels`. */
export function planeOffsets(width: number, height: number): { u: number; v: number } {
  const u = width * height;
  return { u, v: u + chromaWidth(width) * chromaHeight(height) };
}

/** Per-colour constants of the conversions, computed once per call. */
interface Conversion {
  kr: number;
  kg: number;
  kb: number;
  /** Luma offset and scale, chroma scale, in 8-bit steps. */
  yOffset: number;
  yScale: number;
  cScale: number;
}

function conversionOf(colour: FrameColour): Conversion {
  return {
    kr: colour.kr,
    kg: 1 - colour.kr - colour.kb,
    kb: colour.kb,
    yOffset: colour.fullRange ? 0 : 16,
    yScale: colour.fullRange ? 255 : 219,
    cScale: colour.fullRange ? 255 : 224,
  };
}

/** The frame's luma (0-255, its own range) at a pixel. */
export function lumaAt(frame: VideoFrame, x: number, y: number): number {
  return frame.pixels[y * frame.width + x]!;
}

/** A luma value in full range (0-255) whatever the frame's range. */
export function fullRangeLuma(frame: VideoFrame, luma: number): number {
  return frame.colour.fullRange ? luma : Math.min(255, Math.max(0, Math.round(((luma - 16) * 255) / 219)));
}

/** The part of the frame under `box` (clipped to the frame, whole pixels) in RGB, at full resolution. */
export function rgbRegion(frame: VideoFrame, box: Box): FrameCrop {
  const clipped = clipBox(frame, box);
  const { x: x0, y: y0, width, height } = clipped;
  const pixels = new Uint8Array(width * height * 3);
  const toRgb = rgbConverter(frame.colour);
  const { u: uStart, v: vStart } = planeOffsets(frame.width, frame.height);
  const cw = chromaWidth(frame.width);
  const src = frame.pixels;
  const rgb = new Float64Array(3);
  for (let y = 0; y < height; y++) {
    const fy = y0 + y;
    const chromaRow = (fy >> 1) * cw;
    for (let x = 0; x < width; x++) {
      const fx = x0 + x;
      const chroma = chromaRow + (fx >> 1);
      toRgb(src[fy * frame.width + fx]!, src[uStart + chroma]!, src[vStart + chroma]!, rgb);
      const o = (y * width + x) * 3;
      pixels[o] = clampByte(rgb[0]!);
      pixels[o + 1] = clampByte(rgb[1]!);
      pixels[o + 2] = clampByte(rgb[2]!);
    }
  }
  return { box: clipped, width, height, pixels };
}

/**
 * Writes what was painted on an RGB crop of the frame back into its YUV: each pixel's change
 * (`after` minus `before`, both crops of `box`) is converted and added, so a pixel that did not
 * change keeps its decoded value exactly; a chroma sample takes the mean change of the (up to)
 * four pixels it covers.
 */
export function applyRgbChange(frame: VideoFrame, box: Box, before: Uint8Array, after: Uint8Array): void {
  const { x: x0, y: y0, width, height } = box;
  const c = conversionOf(frame.colour);
  const { u: uStart, v: vStart } = planeOffsets(frame.width, frame.height);
  const cw = chromaWidth(frame.width);
  const dst = frame.pixels;
  const yGain = c.yScale / 255;
  const cbGain = c.cScale / (255 * 2 * (1 - c.kb));
  const crGain = c.cScale / (255 * 2 * (1 - c.kr));
  // Chroma changes summed per sample of the box's chroma rows, then averaged over four pixels.
  const firstChromaX = x0 >> 1;
  const firstChromaY = y0 >> 1;
  const chromaSpan = ((x0 + width - 1) >> 1) - firstChromaX + 1;
  const chromaRows = ((y0 + height - 1) >> 1) - firstChromaY + 1;
  const du = new Float32Array(chromaSpan * chromaRows);
  const dv = new Float32Array(chromaSpan * chromaRows);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const dr = after[o]! - before[o]!;
      const dg = after[o + 1]! - before[o + 1]!;
      const db = after[o + 2]! - before[o + 2]!;
      if (dr === 0 && dg === 0 && db === 0) continue;
      const dLuma = c.kr * dr + c.kg * dg + c.kb * db;
      const at = (y0 + y) * frame.width + x0 + x;
      dst[at] = clampByte(dst[at]! + dLuma * yGain);
      const k = (((y0 + y) >> 1) - firstChromaY) * chromaSpan + ((x0 + x) >> 1) - firstChromaX;
      du[k]! += (db - dLuma) * cbGain;
      dv[k]! += (dr - dLuma) * crGain;
    }
  }
  for (let cy = 0; cy < chromaRows; cy++) {
    for (let cx = 0; cx < chromaSpan; cx++) {
      const k = cy * chromaSpan + cx;
      if (du[k] === 0 && dv[k] === 0) continue;
      const at = (firstChromaY + cy) * cw + firstChromaX + cx;
      dst[uStart + at] = clampByte(dst[uStart + at]! + du[k]! / 4);
      dst[vStart + at] = clampByte(dst[vStart + at]! + dv[k]! / 4);
    }
  }
}

/**
 * The frame shrunk by a whole factor so its long side is at most `maxSide`, in RGB (each pixel
 * the mean of its block's luma and of the chroma samples under it): detection needs no more.
 */
export function shrunkRgb(frame: VideoFrame, maxSide: number): { image: RgbImage; factor: number } {
  const factor = Math.max(1, Math.ceil(Math.max(frame.width, frame.height) / maxSide));
  if (factor === 1) return { image: frameToRgb(frame), factor };
  const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
  return { image: shrunkRgbRegion(frame, whole, factor), factor };
}

/**
 * The part of the frame under `box` (clipped, whole pixels) in RGB, shrunk by `factor` (each
 * pixel the mean of its block's luma and of the chroma samples under it): a net that looks at
 * a face at 112 pixels needs no more, and is spared the aliasing of its own resize. Its pixel
 * (x, y) covers the frame's from (box.x + factor x, box.y + factor y).
 */
export function shrunkRgbRegion(frame: VideoFrame, box: Box, factor: number): FrameCrop {
  const clipped = clipBox(frame, box);
  if (factor <= 1) return rgbRegion(frame, clipped);
  const width = Math.max(1, Math.floor(clipped.width / factor));
  const height = Math.max(1, Math.floor(clipped.height / factor));
  const pixels = new Uint8Array(width * height * 3);
  const toRgb = rgbConverter(frame.colour);
  const src = frame.pixels;
  const { u: uStart, v: vStart } = planeOffsets(frame.width, frame.height);
  const cw = chromaWidth(frame.width);
  const rgb = new Float64Array(3);
  for (let y = 0; y < height; y++) {
    const top = clipped.y + y * factor;
    const rows = Math.min(factor, frame.height - top);
    for (let x = 0; x < width; x++) {
      const left = clipped.x + x * factor;
      const columns = Math.min(factor, frame.width - left);
      let luma = 0;
      for (let dy = 0; dy < rows; dy++) {
        const row = (top + dy) * frame.width + left;
        for (let dx = 0; dx < columns; dx++) luma += src[row + dx]!;
      }
      // The chroma samples under the block (a block of odd size shares its edge samples).
      const [cx0, cx1] = [left >> 1, (left + columns - 1) >> 1];
      const [cy0, cy1] = [top >> 1, (top + rows - 1) >> 1];
      let [cb, cr, count] = [0, 0, 0];
      for (let cy = cy0; cy <= cy1; cy++) {
        for (let cx = cx0; cx <= cx1; cx++) {
          cb += src[uStart + cy * cw + cx]!;
          cr += src[vStart + cy * cw + cx]!;
          count++;
        }
      }
      toRgb(luma / (rows * columns), cb / count, cr / count, rgb);
      const o = (y * width + x) * 3;
      pixels[o] = clampByte(rgb[0]!);
      pixels[o + 1] = clampByte(rgb[1]!);
      pixels[o + 2] = clampByte(rgb[2]!);
    }
  }
  return { box: clipped, width, height, pixels };
}

/** A converter of one YUV sample (code values, fractional allowed) to RGB (0-255, unclamped). */
function rgbConverter(colour: FrameColour): (luma: number, cb: number, cr: number, out: Float64Array) => void {
  const c = conversionOf(colour);
  // R = Y' + 2(1-kr) Cr, B = Y' + 2(1-kb) Cb, G from the luma equation.
  const rFromCr = (2 * (1 - c.kr) * 255) / c.cScale;
  const bFromCb = (2 * (1 - c.kb) * 255) / c.cScale;
  const yToFull = 255 / c.yScale;
  return (luma, cb, cr, out) => {
    const y = (luma - c.yOffset) * yToFull;
    const r = y + rFromCr * (cr - 128);
    const b = y + bFromCb * (cb - 128);
    out[0] = r;
    out[1] = (y - c.kr * r - c.kb * b) / c.kg;
    out[2] = b;
  };
}

/**
 * A frame made from an RGB picture (tests, stills): converted with `colour`, each chroma sample
 * the mean of the pixels it covers.
 */
export function frameFromRgb(image: RgbImage, index = 0, colour: FrameColour = BT601_TV): VideoFrame {
  const { width, height } = image;
  const pixels = new Uint8Array(i420Size(width, height));
  const c = conversionOf(colour);
  const { u: uStart, v: vStart } = planeOffsets(width, height);
  const cw = chromaWidth(width);
  const sums = new Float32Array(2 * cw * chromaHeight(height));
  const counts = new Uint8Array(cw * chromaHeight(height));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const [r, g, b] = [image.pixels[o]! / 255, image.pixels[o + 1]! / 255, image.pixels[o + 2]! / 255];
      const luma = c.kr * r + c.kg * g + c.kb * b;
      pixels[y * width + x] = clampByte(c.yOffset + c.yScale * luma);
      const k = (y >> 1) * cw + (x >> 1);
      sums[2 * k]! += (b - luma) / (2 * (1 - c.kb));
      sums[2 * k + 1]! += (r - luma) / (2 * (1 - c.kr));
      counts[k]!++;
    }
  }
  for (let k = 0; k < counts.length; k++) {
    pixels[uStart + k] = clampByte(128 + (c.cScale * sums[2 * k]!) / counts[k]!);
    pixels[vStart + k] = clampByte(128 + (c.cScale * sums[2 * k + 1]!) / counts[k]!);
  }
  return { index, width, height, pixels, colour };
}

/** The whole frame in RGB (tests and stills; the pipeline never needs it). */
export function frameToRgb(frame: VideoFrame): RgbImage {
  return rgbRegion(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
}

/** Untagged standard-definition video's colour, and what tests make frames with. */
export const BT601_TV: FrameColour = { kr: 0.299, kb: 0.114, fullRange: false };

/** `box` clipped to the frame, in whole pixels, at least one pixel each way. */
function clipBox(frame: { width: number; height: number }, box: Box): Box {
  const x0 = Math.min(frame.width - 1, Math.max(0, Math.floor(box.x)));
  const y0 = Math.min(frame.height - 1, Math.max(0, Math.floor(box.y)));
  const x1 = Math.min(frame.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(frame.height, Math.ceil(box.y + box.height));
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

function clampByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}
