import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled, DEFAULT_DUB_OPTIONS, lowerFaceBox, type Box, type PipelineEvent } from '@voxlate/core';
import { defaultRegistries, FaceApiLandmarker } from '@voxlate/engines';
import { Dubber } from './dubber.js';
import { makeSpeechWav, makeVideo, subtitleTracks } from './test/make-media.js';

/** Debian's kphotoalbum demo clip: a man talking to the camera (160x120, 15 fps, 4.5 s), unpacked by setup. */
const TALKING = fileURLToPath(new URL('../../../.cache/debian-media/kphotoalbum/movie.avi', import.meta.url));
const SUBTITLES =
  '1\n00:00:00,440 --> 00:00:04,390\nHi, my name is Jesper, and I would like to show you my photo album.\n';
const WIDTH = 160;
const HEIGHT = 120;

const root = mkdtempSync(join(tmpdir(), 'voxlate-lipsync-path-'));
const jobs = mkdtempSync(join(tmpdir(), 'voxlate-lipsync-jobs-'));
const dubber = new Dubber(
  { tempRoot: jobs, options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') },
  defaultRegistries(),
);
let pattern = '';
beforeAll(async () => {
  pattern = makeVideo(root, await makeSpeechWav(root, ['Hello everyone, and welcome to the show.']), 'pattern.mp4');
});
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(jobs, { recursive: true, force: true });
});

async function dub(
  input: string,
  output: string,
  lipSync: boolean,
  events: PipelineEvent[] = [],
  signal?: AbortSignal,
) {
  return dubber.dub(
    {
      input,
      output: join(root, output),
      sourceLanguage: 'eng',
      targetLanguage: 'spa',
      ...(input === TALKING ? { transcript: SUBTITLES } : {}),
      choices: { lipSync },
    },
    { onEvent: (event) => events.push(event), ...(signal ? { signal } : {}) },
  );
}

/** Every frame of a video as RGB at the clip's size. */
function rgbFrames(video: string): Uint8Array[] {
  const args = ['-v', 'error', '-i', video, '-vf', 'fps=15', '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'];
  const raw = execFileSync('ffmpeg', args, { maxBuffer: 1 << 28 });
  const size = WIDTH * HEIGHT * 3;
  return Array.from({ length: Math.floor(raw.length / size) }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}

function meanDifference(a: Uint8Array, b: Uint8Array, inside: (x: number, y: number) => boolean): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if (!inside(x, y)) continue;
      for (let c = 0; c < 3; c++) sum += Math.abs(a[(y * WIDTH + x) * 3 + c]! - b[(y * WIDTH + x) * 3 + c]!);
      count += 3;
    }
  }
  return count > 0 ? sum / count : 0;
}

/** The lower face of each source frame (from its landmarks), grown by a margin that covers the mask's feather. */
async function lowerFaces(frames: Uint8Array[]): Promise<(Box | undefined)[]> {
  const landmarker = await FaceApiLandmarker.create();
  const boxes: (Box | undefined)[] = [];
  for (const [index, pixels] of frames.entries()) {
    const frame = { index, width: WIDTH, height: HEIGHT, pixels };
    const [face] = await landmarker.detect(frame);
    if (!face) {
      boxes.push(undefined);
      continue;
    }
    const box = lowerFaceBox(await landmarker.landmarks(frame, face.box));
    const [mx, my] = [0.35 * box.width, 0.45 * box.height];
    boxes.push({ x: box.x - mx, y: box.y - my, width: box.width + 2 * mx, height: box.height + 2 * my });
  }
  return boxes;
}

describe('lip sync through the whole pipeline', () => {
  it('moves the mouth of a real talking clip and leaves the rest of the picture as it was', async () => {
    const events: PipelineEvent[] = [];
    const synced = await dub(TALKING, 'synced.mp4', true, events);
    const plain = await dub(TALKING, 'plain.mp4', false);
    expect(synced.timeline.lipSync).toMatchObject({ engine: 'mouth-bank', synced: 1, skipped: 0 });
    expect(synced.timeline.segments[0]!.lipSync).toMatchObject({ status: 'synced' });
    expect(plain.timeline.lipSync).toBeUndefined();
    const lipSyncProgress = events.filter((e) => e.type === 'progress' && e.stage === 'lipsync');
    expect(lipSyncProgress.length).toBeGreaterThan(3);
    // The new picture keeps the dub's subtitle track.
    expect(subtitleTracks(synced.output)).toHaveLength(1);

    const source = rgbFrames(TALKING);
    const [withSync, without] = [rgbFrames(synced.output), rgbFrames(plain.output)];
    // Same length, to the frame.
    expect(withSync.length).toBe(source.length);
    expect(without.length).toBe(source.length);
    const faces = await lowerFaces(source);
    const outside = (box: Box | undefined) => (x: number, y: number) =>
      !box || x < box.x || x >= box.x + box.width || y < box.y || y >= box.y + box.height;
    const inside = (box: Box | undefined) => (x: number, y: number) => !outside(box)(x, y);
    const rest = source.map((frame, i) => meanDifference(frame, withSync[i]!, outside(faces[i])));
    const plainRest = source.map((frame, i) => meanDifference(frame, without[i]!, outside(faces[i])));
    // Outside the lower face only the encoder's loss, no more than the dub without lip sync
    // has (this 4:2:2 MJPEG clip goes to 4:2:0 H.264 either way: about 2-3 levels of 255).
    expect(Math.max(...rest)).toBeLessThan(3.5);
    rest.forEach((difference, i) => expect(difference).toBeLessThanOrEqual(plainRest[i]! + 0.3));
    // Inside it the mouth really changed, in most frames of the line (0.44-4.39 s: frames 7-65).
    const mouth = withSync.map((frame, i) => meanDifference(frame, without[i]!, inside(faces[i])));
    const changed = mouth.slice(7, 66).filter((d) => d > 2).length;
    expect(changed).toBeGreaterThan(30);
  }, 120_000);

  it('skips every line of a clip with no face, saying so, and leaves the picture bit for bit as without lip sync', async () => {
    const synced = await dub(pattern, 'pattern-synced.mp4', true);
    const plain = await dub(pattern, 'pattern-plain.mp4', false);
    const lines = synced.timeline.segments.filter((s) => s.dubbed);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((s) => s.lipSync?.status === 'skipped' && s.lipSync.reason === 'no-face')).toBe(true);
    expect(synced.timeline.warnings.join('\n')).toMatch(/Lip sync could not be applied to any line: no face in view/);
    const videoHash = (file: string): string =>
      execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v', '-c', 'copy', '-f', 'md5', '-']).toString();
    expect(videoHash(synced.output)).toBe(videoHash(plain.output));
    expect(videoHash(synced.output)).toBe(videoHash(pattern));
  }, 120_000);

  it('stops promptly when cancelled during lip sync and leaves no files behind', async () => {
    const controller = new AbortController();
    const events: PipelineEvent[] = [];
    const cancelled = dub(TALKING, 'cancelled.mp4', true, events, controller.signal);
    const watcher = setInterval(() => {
      if (events.some((e) => e.type === 'progress' && e.stage === 'lipsync' && e.done > 0.2)) controller.abort();
    }, 5);
    await expect(cancelled).rejects.toBeInstanceOf(Cancelled);
    clearInterval(watcher);
    expect(readdirSync(jobs)).toEqual([]);
    expect(readdirSync(root).filter((name) => name.startsWith('cancelled'))).toEqual([]);
  }, 120_000);
});
