import type { Box, YuvColour, YuvFrame } from '@voxlate/core';
import type { RgbImage } from './frame-pictures.js';
import { roundByte } from './round-byte.js';

/**
 * A 4:2:0 frame's pixels under a box, to RGB and back. The render keeps its frames in the
 * video's own YUV and converts only the mouth's box (a 720p face's is some 300 x 300 pixels of
 * 1280 x 720), with the matrix and range ffmpeg used for the analysis's RGB frames, so a banked
 * mouth pasted here has the colours it was cut with. Chroma is read nearest (each U and V sample
 * covers its 2 x 2 pixels, as swscale's unscaled conversion reads it) and written back as the
 * mean of the 2 x 2 pixels' own.
 */

/** The box grown to even edges (a chroma sample's 2 x 2 pixels are all in or all out), clipped to the frame. */
export function chromaAlignedBox(box: Box, frame: { width: number; height: number }): Box {
  const x0 = Math.max(0, Math.floor(box.x / 2) * 2);
  const y0 = Math.max(0, Math.floor(box.y / 2) * 2);
  const x1 = Math.min(frame.width, Math.ceil((box.x + box.width) / 2) * 2);
  const y1 = Math.min(frame.height, Math.ceil((box.y + box.height) / 2) * 2);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** Where each plane starts, and the chroma planes' row length. */
function planes(frame: YuvFrame): { u: number; v: number; chromaWidth: number } {
  const chromaWidth = Math.ceil(frame.width / 2);
  const u = frame.width * frame.height;
  return { u, v: u + chromaWidth * Math.ceil(frame.height / 2), chromaWidth };
}

/** The scale from code values to 0-1 luma and +-0.5 chroma. */
function levels(colour: YuvColour): { yOffset: number; yScale: number; cScale: number } {
  return colour.fullRange ? { yOffset: 0, yScale: 255, cScale: 255 } : { yOffset: 16, yScale: 219, cScale: 224 };
}

/** The frame under `box` (chroma-aligned, inside the frame) as packed RGB, into `into` when it is large enough. */
export function yuvBoxToRgb(frame: YuvFrame, box: Box, into?: Uint8Array): RgbImage {
  const bytes = box.width * box.height * 3;
  const pixels = into && into.length >= bytes ? into.subarray(0, bytes) : new Uint8Array(bytes);
  const { u, v, chromaWidth } = planes(frame);
  const { kr, kb } = frame.colour;
  const { yOffset, yScale, cScale } = levels(frame.colour);
  // R = Y + 2(1 - kr) Pr, B = Y + 2(1 - kb) Pb, G from Y = kr R + kg G + kb B; all in 0-255 units.
  const kg = 1 - kr - kb;
  const [rFromV, bFromU] = [(2 * (1 - kr) * 255) / cScale, (2 * (1 - kb) * 255) / cScale];
  const [gFromU, gFromV] = [(-kb / kg) * bFromU, (-kr / kg) * rFromV];
  const yGain = 255 / yScale;
  const p = frame.pixels;
  for (let y = 0; y < box.height; y++) {
    const fy = box.y + y;
    const lumaRow = fy * frame.width;
    const chromaRow = (fy >> 1) * chromaWidth;
    let out = y * box.width * 3;
    for (let x = 0; x < box.width; x++) {
      const fx = box.x + x;
      const luma = (p[lumaRow + fx]! - yOffset) * yGain;
      const c = chromaRow + (fx >> 1);
      const pb = p[u + c]! - 128;
      const pr = p[v + c]! - 128;
      pixels[out++] = roundByte(luma + rFromV * pr);
      pixels[out++] = roundByte(luma + gFromU * pb + gFromV * pr);
      pixels[out++] = roundByte(luma + bFromU * pb);
    }
  }
  return { width: box.width, height: box.height, pixels };
}

/**
 * Writes `rgb` (the frame's `box`, painted) back into the frame: the luma of each pixel whose RGB
 * differs from `before` (the same box as read), and the chroma of each 2 x 2 block holding such a
 * pixel. Everything else keeps its exact YUV: converting it there and back would move it a step.
 */
export function rgbIntoYuvBox(frame: YuvFrame, box: Box, rgb: RgbImage, before: Uint8Array): void {
  const { u, v, chromaWidth } = planes(frame);
  const { kr, kb } = frame.colour;
  const { yOffset, yScale, cScale } = levels(frame.colour);
  const kg = 1 - kr - kb;
  const ySpan = yScale / 255;
  const [uSpan, vSpan] = [cScale / (255 * 2 * (1 - kb)), cScale / (255 * 2 * (1 - kr))];
  const p = frame.pixels;
  const q = rgb.pixels;
  for (let by = 0; by < box.height; by += 2) {
    for (let bx = 0; bx < box.width; bx += 2) {
      let [sumU, sumV, count, changed] = [0, 0, 0, false];
      for (let y = by; y < Math.min(by + 2, box.height); y++) {
        for (let x = bx; x < Math.min(bx + 2, box.width); x++) {
          const i = (y * box.width + x) * 3;
          const [r, g, b] = [q[i]!, q[i + 1]!, q[i + 2]!];
          const luma = kr * r + kg * g + kb * b;
          sumU += b - luma;
          sumV += r - luma;
          count++;
          if (r === before[i] && g === before[i + 1] && b === before[i + 2]) continue;
          changed = true;
          p[(box.y + y) * frame.width + box.x + x] = roundByte(yOffset + luma * ySpan);
        }
      }
      if (!changed) continue;
      const c = ((box.y + by) >> 1) * chromaWidth + ((box.x + bx) >> 1);
      p[u + c] = roundByte(128 + (sumU / count) * uSpan);
      p[v + c] = roundByte(128 + (sumV / count) * vSpan);
    }
  }
}
