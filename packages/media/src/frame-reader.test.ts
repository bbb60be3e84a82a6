import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Cancelled } from '@voxlate/core';
import { readFrames } from './frame-reader.js';
import { probeMedia } from './probe.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-frames-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 2 s of ffmpeg's test pattern, 160x90 at 10 fps, lossless so the pixels can be compared. */
const video = join(dir, 'pattern.mkv');
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=160x90:rate=10:duration=2',
  '-c:v',
  'ffv1',
  video,
]);

function decodedFrame(index: number): Buffer {
  return execFileSync('ffmpeg', [
    '-v',
    'error',
    '-i',
    video,
    '-vf',
    `select=eq(n\\,${index})`,
    '-frames:v',
    '1',
    '-pix_fmt',
    'rgb24',
    '-f',
    'rawvideo',
    '-',
  ]);
}

const info = { codec: 'ffv1', width: 160, height: 90, fps: 10, rotation: 0, colour: {} };

describe('readFrames', () => {
  it('hands out every frame once, in order, with the pixels ffmpeg decodes', async () => {
    const indices: number[] = [];
    let seventh: Uint8Array | undefined;
    for await (const frame of readFrames(video, info)) {
      expect(frame.pixels.length).toBe(160 * 90 * 3);
      indices.push(frame.index);
      if (frame.index === 7) seventh = frame.pixels;
    }
    expect(indices).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(Buffer.from(seventh!).equals(decodedFrame(7))).toBe(true);
  });

  it("fills a released frame's pixels again with a later frame, and never a frame still held", async () => {
    const held: Uint8Array[] = [];
    const released = new Set<Uint8Array>();
    let reused = 0;
    for await (const frame of readFrames(video, info)) {
      if (released.has(frame.pixels)) reused++;
      if (frame.index === 14) expect(released.has(frame.pixels)).toBe(true);
      expect(held).not.toContain(frame.pixels);
      // Each 4th frame is kept (as an encoder's pipe would); the rest are released, twice over.
      if (frame.index % 4 === 0) held.push(frame.pixels);
      else {
        // A recycled buffer carries its new frame whole (nothing of the old one left).
        if (frame.index === 14) expect(Buffer.from(frame.pixels).equals(decodedFrame(14))).toBe(true);
        released.add(frame.pixels);
        frame.release?.();
        frame.release?.();
      }
    }
    expect(reused).toBeGreaterThan(10);
    // The held frames still show their own pictures: nothing was written into them.
    expect(Buffer.from(held[2]!).equals(decodedFrame(8))).toBe(true);
  });

  it('turns a stream shown rotated upright, as players show it', async () => {
    const rotated = join(dir, 'rotated.mp4');
    const tone = ['-f', 'lavfi', '-i', 'sine=duration=2'];
    const upright = join(dir, 'upright.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-i', video, ...tone, '-c:v', 'libx264', '-shortest', upright]);
    // ffmpeg 5.1 writes the rotation (a display matrix) only when the stream is copied.
    execFileSync('ffmpeg', ['-v', 'error', '-i', upright, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', rotated]);
    const stream = (await probeMedia(rotated)).video!;
    expect(stream.rotation).toBe(90);
    for await (const frame of readFrames(rotated, stream)) {
      expect([frame.width, frame.height, frame.pixels.length]).toEqual([90, 160, 90 * 160 * 3]);
      break;
    }
  });

  it('stops ffmpeg when the loop ends early or the job is cancelled', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const reading = (async () => {
      for await (const frame of readFrames(video, info, { signal: controller.signal })) {
        seen.push(frame.index);
        if (frame.index === 2) controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    await expect(reading).rejects.toBeInstanceOf(Cancelled);
    expect(seen.length).toBeLessThan(20);
  });
});
