import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  applyRgbChange,
  BT601_TV,
  frameColourOf,
  frameFromRgb,
  frameToRgb,
  fullRangeLuma,
  i420Size,
  rgbRegion,
  shrunkRgb,
  shrunkRgbRegion,
  type FrameColour,
  type VideoFrame,
} from './yuv-frame.js';

/** ffmpeg's own conversion of its test pattern (64x48): the same picture as I420 and as RGB. */
function pattern(matrix: string, range: 'tv' | 'pc'): { yuv: Uint8Array; rgb: Uint8Array } {
  const source = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x48', '-frames:v', '1'];
  // Full chroma first, so the RGB below is not blurred by the 4:2:0 chroma's upsampling.
  const yuv = execFileSync('ffmpeg', [
    ...source,
    '-vf',
    `scale=out_color_matrix=${matrix}:out_range=${range}:flags=neighbor,format=yuv420p`,
    '-f',
    'rawvideo',
    '-',
  ]);
  const rgb = execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', '64x48', '-i', '-'],
      ...['-vf', `scale=in_color_matrix=${matrix}:in_range=${range}:flags=neighbor+full_chroma_inp,format=rgb24`],
      ...['-f', 'rawvideo', '-'],
    ],
    { input: yuv },
  );
  return { yuv: new Uint8Array(yuv), rgb: new Uint8Array(rgb) };
}

const frameOf = (pixels: Uint8Array, colour: FrameColour, width = 64, height = 48): VideoFrame => ({
  index: 0,
  width,
  height,
  pixels,
  colour,
});

function meanAbsoluteDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('I420 frames', () => {
  it.each([
    ['bt709', 'tv', { space: 'bt709' }],
    ['bt601', 'tv', {}],
    ['bt709', 'pc', { space: 'bt709', range: 'pc' }],
  ] as const)('reads %s %s YUV as ffmpeg converts it to RGB', (matrix, range, tags) => {
    const { yuv, rgb } = pattern(matrix, range);
    const ours = frameToRgb(frameOf(yuv, frameColourOf(tags))).pixels;
    expect(meanAbsoluteDifference(ours, rgb)).toBeLessThan(1.5);
    // The wrong matrix or range is told apart (the check can fail).
    const wrong = frameColourOf(range === 'pc' ? { space: 'bt709' } : { space: 'bt709', range: 'pc' });
    expect(meanAbsoluteDifference(frameToRgb(frameOf(yuv, wrong)).pixels, rgb)).toBeGreaterThan(3);
  });

  it('cuts a region out at the same values as the whole frame has there', () => {
    const { yuv } = pattern('bt709', 'tv');
    const frame = frameOf(yuv, frameColourOf({ space: 'bt709' }));
    const whole = frameToRgb(frame);
    const region = rgbRegion(frame, { x: 9.4, y: 5.2, width: 20.3, height: 11 });
    expect(region.box).toEqual({ x: 9, y: 5, width: 21, height: 12 });
    for (let y = 0; y < region.height; y++) {
      const from = ((5 + y) * 64 + 9) * 3;
      expect([...region.pixels.subarray(y * 21 * 3, (y + 1) * 21 * 3)]).toEqual([
        ...whole.pixels.subarray(from, from + 21 * 3),
      ]);
    }
  });

  it('writes back only what was painted: other pixels keep their decoded bytes exactly', () => {
    const { yuv } = pattern('bt709', 'tv');
    const frame = frameOf(Uint8Array.from(yuv), frameColourOf({ space: 'bt709' }));
    const box = { x: 10, y: 10, width: 20, height: 20 };
    const region = rgbRegion(frame, box);
    const before = Uint8Array.from(region.pixels);
    // A pure red square in the middle of the region (pixels 15-24 of the frame).
    for (let y = 5; y < 15; y++) for (let x = 5; x < 15; x++) region.pixels.set([230, 20, 20], (y * 20 + x) * 3);
    applyRgbChange(frame, box, before, region.pixels);
    const changedLuma: number[] = [];
    for (let i = 0; i < 64 * 48; i++) if (frame.pixels[i] !== yuv[i]) changedLuma.push(i);
    expect(changedLuma.every((i) => i % 64 >= 15 && i % 64 < 25 && i / 64 >= 15 && i / 64 < 25)).toBe(true);
    expect(changedLuma.length).toBeGreaterThan(50);
    const after = frameToRgb(frame).pixels;
    const middle = (20 * 64 + 20) * 3;
    expect(Math.abs(after[middle]! - 230)).toBeLessThan(6);
    expect(after[middle + 1]!).toBeLessThan(30);
    // Chroma samples outside the painted 2x2 blocks are untouched.
    const chromaStart = 64 * 48;
    for (let cy = 0; cy < 24; cy++) {
      for (let cx = 0; cx < 32; cx++) {
        const painted = cx >= 7 && cx < 13 && cy >= 7 && cy < 13;
        if (painted) continue;
        expect(frame.pixels[chromaStart + cy * 32 + cx]).toBe(yuv[chromaStart + cy * 32 + cx]);
      }
    }
  });

  it('makes a frame from RGB and reads it back to within rounding (and chroma sharing)', () => {
    const { rgb } = pattern('bt601', 'tv');
    const back = frameToRgb(frameFromRgb({ width: 64, height: 48, pixels: rgb }));
    expect(back.pixels.length).toBe(64 * 48 * 3);
    expect(meanAbsoluteDifference(back.pixels, rgb)).toBeLessThan(8);
    expect(frameFromRgb({ width: 7, height: 5, pixels: new Uint8Array(105) }).pixels.length).toBe(i420Size(7, 5));
  });

  it('shrinks by whole factors to the long side asked for, keeping the picture', () => {
    const { yuv } = pattern('bt601', 'tv');
    const frame = frameOf(yuv, BT601_TV);
    const { image, factor } = shrunkRgb(frame, 20);
    expect([factor, image.width, image.height]).toEqual([4, 16, 12]);
    const whole = frameToRgb(frame);
    // Each shrunk pixel is near the mean of its block in the whole picture.
    let error = 0;
    for (let y = 0; y < 12; y++) {
      for (let x = 0; x < 16; x++) {
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let dy = 0; dy < 4; dy++)
            for (let dx = 0; dx < 4; dx++) sum += whole.pixels[((4 * y + dy) * 64 + 4 * x + dx) * 3 + c]!;
          error += Math.abs(image.pixels[(y * 16 + x) * 3 + c]! - sum / 16);
        }
      }
    }
    expect(error / (12 * 16 * 3)).toBeLessThan(2);
    expect(shrunkRgb(frame, 100).factor).toBe(1);
  });

  it('shrinks a region at an odd place by block means, where the block sits', () => {
    const smooth = execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x48', '-frames:v', '1'],
      ...['-vf', 'gblur=sigma=4,format=yuv420p', '-f', 'rawvideo', '-'],
    ]);
    const frame = frameOf(new Uint8Array(smooth), BT601_TV);
    const whole = frameToRgb(frame);
    const crop = shrunkRgbRegion(frame, { x: 7, y: 5, width: 31, height: 22 }, 3);
    expect([crop.box, crop.width, crop.height]).toEqual([{ x: 7, y: 5, width: 31, height: 22 }, 10, 7]);
    let error = 0;
    for (let y = 0; y < 7; y++) {
      for (let x = 0; x < 10; x++) {
        let sum = 0;
        for (let dy = 0; dy < 3; dy++)
          for (let dx = 0; dx < 3; dx++) sum += whole.pixels[((5 + 3 * y + dy) * 64 + 7 + 3 * x + dx) * 3]!;
        error += Math.abs(crop.pixels[(y * 10 + x) * 3]! - sum / 9);
      }
    }
    expect(error / 70).toBeLessThan(3);
  });

  it('gives video-range luma in full range for the cut detector', () => {
    const frame = frameOf(new Uint8Array(i420Size(2, 2)), BT601_TV, 2, 2);
    expect([fullRangeLuma(frame, 16), fullRangeLuma(frame, 235), fullRangeLuma(frame, 5)]).toEqual([0, 255, 0]);
    const full = frameOf(new Uint8Array(i420Size(2, 2)), { ...BT601_TV, fullRange: true }, 2, 2);
    expect(fullRangeLuma(full, 16)).toBe(16);
  });
});
