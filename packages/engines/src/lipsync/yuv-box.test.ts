import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { VideoFrame, VideoInfo, YuvFrame } from '@voxlate/core';
import { probeMedia, readFrames, readYuvFrames } from '@voxlate/media';
import { chromaAlignedBox, rgbIntoYuvBox, yuvBoxToRgb } from './yuv-box.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-yuv-box-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A colourful picture (testsrc2) encoded with the given colour tags, with a tone (probing wants sound). */
function clip(name: string, tags: string[]): string {
  const file = join(dir, name);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=322x182:rate=10:duration=0.3'],
    ...['-f', 'lavfi', '-i', 'sine=duration=0.3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', ...tags, file],
  ]);
  return file;
}

async function firstFrames(file: string): Promise<{ rgb: VideoFrame; yuv: YuvFrame }> {
  const info: VideoInfo = (await probeMedia(file)).video!;
  const first = async <T>(frames: AsyncIterable<T>): Promise<T> => {
    for await (const frame of frames) return frame;
    throw new Error('no frame');
  };
  return {
    rgb: await first(readFrames(file, info, { range: { first: 0, end: 1 } })),
    yuv: await first(readYuvFrames(file, info, { range: { first: 0, end: 1 } })),
  };
}

describe('a YUV box to RGB and back', () => {
  it.each([
    ['untagged (BT.601, studio range)', 'bt601.mp4', []],
    ['BT.709', 'bt709.mp4', ['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709']],
    ['full range', 'full.mp4', ['-color_range', 'pc']],
  ])('reads %s as ffmpeg converts the whole frame to RGB', async (_label, name, tags) => {
    const { rgb, yuv } = await firstFrames(clip(name, tags));
    const box = { x: 0, y: 0, width: yuv.width, height: yuv.height };
    const ours = yuvBoxToRgb(yuv, box).pixels;
    let [total, worst] = [0, 0];
    for (let i = 0; i < ours.length; i++) {
      const difference = Math.abs(ours[i]! - rgb.pixels[i]!);
      total += difference;
      worst = Math.max(worst, difference);
    }
    // swscale's fixed-point arithmetic rounds a step or two differently; a wrong matrix or range is off by tens.
    expect(total / ours.length).toBeLessThan(1.5);
    expect(worst).toBeLessThan(12);
  });

  it('tells a wrong matrix: BT.709 read as BT.601 is off', async () => {
    const { rgb, yuv } = await firstFrames(clip('bt709-wrong.mp4', ['-colorspace', 'bt709']));
    const box = { x: 0, y: 0, width: yuv.width, height: yuv.height };
    const wrong = yuvBoxToRgb({ ...yuv, colour: { kr: 0.299, kb: 0.114, fullRange: false } }, box).pixels;
    let total = 0;
    for (let i = 0; i < wrong.length; i++) total += Math.abs(wrong[i]! - rgb.pixels[i]!);
    expect(total / wrong.length).toBeGreaterThan(3);
  });

  it('writes back only what was painted, keeping every other pixel exactly', async () => {
    const { yuv } = await firstFrames(clip('paint.mp4', []));
    const original = yuv.pixels.slice();
    const box = chromaAlignedBox({ x: 41, y: 31, width: 57, height: 45 }, yuv);
    const window = yuvBoxToRgb(yuv, box);
    const before = window.pixels.slice();
    // Paint a grey square inside the box, at odd edges, and read the box back as it was elsewhere.
    for (let y = 5; y < 15; y++)
      for (let x = 7; x < 21; x++) window.pixels.fill(128, (y * box.width + x) * 3, (y * box.width + x + 1) * 3);
    rgbIntoYuvBox(yuv, box, window, before);
    const lumaChanged: number[] = [];
    for (let i = 0; i < yuv.width * yuv.height; i++) if (yuv.pixels[i] !== original[i]) lumaChanged.push(i);
    const inside = (i: number): boolean => {
      const [x, y] = [(i % yuv.width) - box.x, Math.floor(i / yuv.width) - box.y];
      return x >= 7 && x < 21 && y >= 5 && y < 15;
    };
    expect(lumaChanged.length).toBeGreaterThan(100);
    expect(lumaChanged.every(inside)).toBe(true);
    // Grey 128 in studio-range BT.601 is luma 126 and neutral chroma.
    const painted = yuvBoxToRgb(yuv, { x: box.x + 8, y: box.y + 6, width: 12, height: 8 }).pixels;
    for (const value of painted) expect(Math.abs(value - 128)).toBeLessThanOrEqual(2);
    // Chroma changed only in the 2 x 2 blocks over the square.
    const chromaWidth = Math.ceil(yuv.width / 2);
    const u = yuv.width * yuv.height;
    for (let i = u; i < yuv.pixels.length; i++) {
      if (yuv.pixels[i] === original[i]) continue;
      const c = (i - u) % (chromaWidth * Math.ceil(yuv.height / 2));
      const [cx, cy] = [(c % chromaWidth) * 2 - box.x, Math.floor(c / chromaWidth) * 2 - box.y];
      expect(cx >= 6 && cx < 21 && cy >= 4 && cy < 15).toBe(true);
    }
  });

  it('grows a box to even edges inside the frame', () => {
    expect(chromaAlignedBox({ x: 41, y: 31, width: 57, height: 45 }, { width: 322, height: 182 })).toEqual({
      x: 40,
      y: 30,
      width: 58,
      height: 46,
    });
    expect(chromaAlignedBox({ x: -3, y: 170, width: 20, height: 20 }, { width: 322, height: 181 })).toEqual({
      x: 0,
      y: 170,
      width: 18,
      height: 11,
    });
  });
});
