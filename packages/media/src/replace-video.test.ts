import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Cancelled, type NewPicture, type VideoInfo } from '@voxlate/core';
import { readYuvFrames } from './frame-reader.js';
import { probeMedia } from './probe.js';
import { replaceVideo } from './replace-video.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-replace-video-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ffmpeg = (args: string[]): string => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]).toString();

/** 2 s at 25 fps, BT.709 limited range, shown turned a quarter, with a tone: what a phone gives. */
function phoneClip(): string {
  const upright = join(dir, 'upright.mp4');
  const rotated = join(dir, 'phone.mp4');
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=duration=2'],
    ...['-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p', '-c:v', 'libx264', '-crf', '12'],
    ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv'],
    ...['-c:a', 'aac', '-shortest', upright],
  ]);
  ffmpeg(['-i', upright, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', rotated]);
  return rotated;
}

/** The source's frames as they are, every one of them counted as changed. */
function everyFrame(source: string, info: VideoInfo): NewPicture {
  return {
    source,
    changed: Array.from({ length: 50 }, (_, i) => i),
    frames: (range) => readYuvFrames(source, info, range ? { range } : {}),
  };
}

describe('replaceVideo', () => {
  it('re-encodes the picture at the same size, rate, length and colour, keeping the audio, visually lossless', async () => {
    const source = phoneClip();
    const output = join(dir, 'dub.mp4');
    ffmpeg(['-i', source, '-c', 'copy', output]);
    const info = (await probeMedia(source)).video!;
    const outcome = await replaceVideo(output, info, everyFrame(source, info), {});
    // The new stretches are upright and the copied ones would be turned: nothing can be copied.
    expect(outcome).toMatchObject({ frames: 50, encodedFrames: 50, copiedGroups: 0 });
    expect(outcome.wholeBecause).toMatch(/turned/);
    const after = await probeMedia(output);
    // Shown the same: the frames were read upright, so the new stream is upright with no turn.
    expect([after.video!.width, after.video!.height, after.video!.rotation]).toEqual([240, 320, 0]);
    expect(after.video!.fps).toBe(25);
    expect(after.video!.colour).toEqual({ space: 'bt709', range: 'tv', primaries: 'bt709', transfer: 'bt709' });
    expect(after.durationSeconds).toBeCloseTo(2, 1);
    expect(after.audio.codec).toBe('aac');
    const measured = spawnSync('ffmpeg', ['-i', output, '-i', source, '-lavfi', 'psnr', '-f', 'null', '-'], {
      encoding: 'utf8',
    });
    const average = Number(/average:([\d.]+)/.exec(measured.stderr)?.[1]);
    expect(average).toBeGreaterThan(40);
  });

  it('leaves the dub as it was when cancelled, with no staged file', async () => {
    const source = phoneClip();
    const output = join(dir, 'cancelled.mp4');
    ffmpeg(['-i', source, '-c', 'copy', output]);
    const before = execFileSync('md5sum', [output]).toString().split(' ')[0];
    const info = (await probeMedia(source)).video!;
    const controller = new AbortController();
    async function* slowFrames() {
      for await (const frame of readYuvFrames(source, info)) {
        if (frame.index === 5) controller.abort();
        yield frame;
      }
    }
    const picture = { ...everyFrame(source, info), frames: slowFrames };
    await expect(replaceVideo(output, info, picture, { signal: controller.signal })).rejects.toBeInstanceOf(Cancelled);
    expect(execFileSync('md5sum', [output]).toString().split(' ')[0]).toBe(before);
    expect(readdirSync(dir).filter((name) => name.includes('.lipsync'))).toEqual([]);
    expect(existsSync(`${output}.lipsync.mp4`)).toBe(false);
  });
});
