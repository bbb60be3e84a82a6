import type { Box, VideoFrame } from '@voxlate/core';

/** A packed RGB picture (3 bytes a pixel). */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A packed RGB picture cut out of a frame, and where it sat (`box`, whole pixels, inside the frame). */
export interface FrameCrop {
  box: Box;
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** The part of the frame under `box` (clipped to the frame), at full resolution. */
export function cropFrame(frame: VideoFrame, box: Box): FrameCrop {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(frame.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(frame.height, Math.ceil(box.y + box.height));
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height && y0 + y < frame.height; y++) {
    const from = ((y0 + y) * frame.width + x0) * 3;
    pixels.set(frame.pixels.subarray(from, from + Math.min(width, frame.width - x0) * 3), y * width * 3);
  }
  return { box: { x: x0, y: y0, width, height }, width, height, pixels };
}

/**
 * The frame shrunk by a whole factor so its long side is at most `maxSide` (each pixel the mean
 * of its block): detection needs no more, and a smaller tensor is much cheaper to make.
 */
export function shrinkFrame(frame: VideoFrame, maxSide: number): { frame: VideoFrame; factor: number } {
  const factor = Math.max(1, Math.ceil(Math.max(frame.width, frame.height) / maxSide));
  if (factor === 1) return { frame, factor };
  const width = Math.floor(frame.width / factor);
  const height = Math.floor(frame.height / factor);
  const pixels = new Uint8Array(width * height * 3);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++) {
          const row = ((y * factor + dy) * frame.width + x * factor) * 3 + c;
          for (let dx = 0; dx < factor; dx++) sum += frame.pixels[row + dx * 3]!;
        }
        pixels[(y * width + x) * 3 + c] = Math.round(sum / area);
      }
    }
  }
  return { frame: { index: frame.index, width, height, pixels }, factor };
}
