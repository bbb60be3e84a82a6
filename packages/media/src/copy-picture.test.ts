import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewPicture, VideoInfo, YuvFrame } from '@voxlate/core';
import { readYuvFrames } from './frame-reader.js';
import { probeMedia } from './probe.js';
import { replaceVideo } from './replace-video.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-copy-picture-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ffmpeg = (args: string[]): string => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]).toString();

/** 8 s at 25 fps, a keyframe a second, B-frames, with a tone: 8 groups of 25 pictures. */
const source = join(dir, 'source.mp4');
let info: VideoInfo;

beforeAll(async () => {
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=8', '-f', 'lavfi', '-i', 'sine=duration=8'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', source],
  ]);
  info = (await probeMedia(source)).video!;
});

/** A white square painted on each changed frame: what a new mouth is to the encoder. */
function paintedPicture(changed: number[]): NewPicture {
  const painted = new Set(changed);
  async function* frames(range?: { first: number; end: number }): AsyncGenerator<YuvFrame> {
    for await (const frame of readYuvFrames(source, info, range ? { range } : {})) {
      if (painted.has(frame.index)) paintSquare(frame);
      yield frame;
    }
  }
  return { source, changed, frames };
}

/** White (studio range): luma 235 and neutral chroma over x 140-180, y 100-140. */
function paintSquare(frame: YuvFrame): void {
  const chromaWidth = frame.width / 2;
  const [u, v] = [frame.width * frame.height, frame.width * frame.height * 1.25];
  for (let y = 100; y < 140; y++) frame.pixels.fill(235, y * frame.width + 140, y * frame.width + 180);
  for (let y = 50; y < 70; y++) {
    frame.pixels.fill(128, u + y * chromaWidth + 70, u + y * chromaWidth + 90);
    frame.pixels.fill(128, v + y * chromaWidth + 70, v + y * chromaWidth + 90);
  }
}

/** Each frame's MD5 of its decoded pixels, in order. */
function frameHashes(file: string): string[] {
  const lines = ffmpeg(['-i', file, '-map', '0:v:0', '-f', 'framemd5', '-']).split('\n');
  return lines.filter((line) => line && !line.startsWith('#')).map((line) => line.split(',').at(-1)!.trim());
}

/** The mean brightness of the square's place on one frame. */
function square(file: string, frame: number): number {
  const raw = execFileSync('ffmpeg', [
    ...['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${frame}),crop=40:40:140:100,format=gray`],
    ...['-frames:v', '1', '-f', 'rawvideo', '-'],
  ]);
  return raw.reduce((sum, value) => sum + value, 0) / raw.length;
}

/** `video`'s picture with a tone of `seconds` as its sound: a dub that may run past its picture. */
function withTone(video: string, seconds: number, output: string): void {
  ffmpeg([
    '-i',
    video,
    '-f',
    'lavfi',
    '-i',
    `sine=duration=${seconds}`,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c:v',
    'copy',
    output,
  ]);
}

function dubOf(name: string): string {
  const output = join(dir, name);
  ffmpeg(['-i', source, '-c', 'copy', output]);
  return output;
}

describe('replaceVideo on an H.264 source (smart rendering)', () => {
  it('re-encodes only the groups of pictures that hold a changed frame and copies the rest bit for bit', async () => {
    const output = dubOf('dub.mp4');
    const changed = [...Array.from({ length: 11 }, (_, i) => 60 + i), 180];
    const outcome = await replaceVideo(output, info, paintedPicture(changed), {});
    expect(outcome).toEqual({ frames: 200, encodedFrames: 50, groups: 8, copiedGroups: 6 });

    const before = frameHashes(source);
    const after = frameHashes(output);
    expect(after).toHaveLength(200);
    const inEncodedGroup = (i: number): boolean => (i >= 50 && i < 75) || (i >= 175 && i < 200);
    for (let i = 0; i < 200; i++) {
      if (inEncodedGroup(i)) expect(after[i], `frame ${i}`).not.toBe(before[i]);
      else expect(after[i], `frame ${i}`).toBe(before[i]);
    }
    const probed = await probeMedia(output);
    expect(probed.durationSeconds).toBeCloseTo(8, 1);
    expect(probed.audio.codec).toBe('aac');
    // Every stretch decodes with no error: a stretch whose parameter sets were lost would not.
    const decoded = spawnSync('ffmpeg', ['-v', 'error', '-i', output, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(decoded.stderr).toBe('');
    expect(readdirSync(dir).filter((name) => name.includes('.lipsync'))).toEqual([]);
  });

  it('encodes the changed frames as painted and the rest of their group as the source, visually lossless', async () => {
    const output = dubOf('painted.mp4');
    // The first group is new: the file's header then holds the new stretch's parameter sets, and
    // the copied groups after it decode only with their own, carried in the stream.
    const outcome = await replaceVideo(output, info, paintedPicture([5, 60]), {});
    expect(outcome.copiedGroups).toBe(6);
    expect(frameHashes(output).slice(25, 50)).toEqual(frameHashes(source).slice(25, 50));
    expect(square(output, 5)).toBeGreaterThan(230);
    expect(square(output, 60)).toBeGreaterThan(230);
    expect(square(output, 61)).toBeCloseTo(square(source, 61), -1);
    const psnr = spawnSync(
      'ffmpeg',
      [
        ...[
          '-i',
          output,
          '-i',
          source,
          '-lavfi',
          "[0:v]select='between(n,50,59)'[a];[1:v]select='between(n,50,59)'[b];[a][b]psnr",
        ],
        ...['-f', 'null', '-'],
      ],
      { encoding: 'utf8' },
    );
    expect(Number(/average:([\d.]+)/.exec(psnr.stderr)?.[1])).toBeGreaterThan(38);
  });

  it('re-encodes the last group when the dub runs past the source, holding its last frame', async () => {
    const output = join(dir, 'held.mp4');
    withTone(source, 9.5, output);
    const outcome = await replaceVideo(output, info, paintedPicture([30]), { holdLastFrameSeconds: 1.5 });
    expect(outcome).toEqual({ frames: 200, encodedFrames: 50, groups: 8, copiedGroups: 6 });
    const hashes = frameHashes(output);
    expect(hashes.length).toBeGreaterThanOrEqual(236);
    expect(hashes.slice(0, 25)).toEqual(frameHashes(source).slice(0, 25));
  });

  it('says why it re-encoded every frame when every group changes', async () => {
    const output = dubOf('every.mp4');
    const outcome = await replaceVideo(output, info, paintedPicture([0, 30, 60, 90, 120, 130, 160, 180]), {});
    expect(outcome).toMatchObject({ frames: 200, encodedFrames: 200, copiedGroups: 0 });
    expect(outcome.wholeBecause).toBe('every group of pictures holds a changed frame');
  });

  it('re-encodes every frame of a source whose frames are not 1 / fps apart all through, and says so', async () => {
    const jittery = join(dir, 'jittery.mp4');
    // A tenth of a second missing after frame 100: its average rate is no longer its frames' rate.
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=8', '-vf', 'setpts=N/25/TB+gte(N\\,100)*0.1/TB'],
      ...['-fps_mode', 'passthrough', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', jittery],
    ]);
    const output = join(dir, 'jittery-dub.mp4');
    withTone(jittery, 8, output);
    const jitteryInfo = (await probeMedia(output)).video!;
    const picture = {
      source: jittery,
      changed: [60],
      frames: (range?: { first: number; end: number }) => readYuvFrames(jittery, jitteryInfo, range ? { range } : {}),
    };
    const outcome = await replaceVideo(output, jitteryInfo, picture, {});
    expect(outcome.wholeBecause).toBe("the source's frame rate is not constant");
    expect(outcome.copiedGroups).toBe(0);
  });
});
