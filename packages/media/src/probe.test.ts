import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaUnreadable, NoAudioStream } from '@voxlate/core';
import { argv } from './argv.js';
import { probeMedia } from './probe.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-probe-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ffmpeg = (strings: TemplateStringsArray, ...values: string[]): void => {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...argv(strings, ...values)]);
};

describe('probeMedia on real files', () => {
  it('describes a video with sound', async () => {
    const path = join(dir, 'clip.mp4');
    ffmpeg`-f lavfi -i testsrc2=size=320x240:rate=25 -f lavfi -i sine=frequency=300 -t 2 -c:v libx264 -c:a aac ${path}`;
    const info = await probeMedia(path);
    expect(info.video).toMatchObject({ codec: 'h264', width: 320, height: 240, fps: 25 });
    expect(info.audio.codec).toBe('aac');
    expect(info.durationSeconds).toBeCloseTo(2, 0);
  });

  it('gives a moved file the same answer and a file written again its new one', async () => {
    const path = join(dir, 'rewritten.wav');
    ffmpeg`-f lavfi -i sine=frequency=300 -t 1 ${path}`;
    expect((await probeMedia(path)).durationSeconds).toBeCloseTo(1, 1);
    const moved = join(dir, 'moved.wav');
    renameSync(path, moved);
    expect((await probeMedia(moved)).durationSeconds).toBeCloseTo(1, 1);
    ffmpeg`-f lavfi -i sine=frequency=300 -t 2 ${moved}`;
    expect((await probeMedia(moved)).durationSeconds).toBeCloseTo(2, 1);
  });

  it('names a video without sound', async () => {
    const path = join(dir, 'silent.mp4');
    ffmpeg`-f lavfi -i testsrc2=size=160x120:rate=10 -t 1 -c:v libx264 ${path}`;
    await expect(probeMedia(path)).rejects.toBeInstanceOf(NoAudioStream);
  });

  it('names a corrupt file', async () => {
    const path = join(dir, 'noise.mp4');
    writeFileSync(path, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    await expect(probeMedia(path)).rejects.toBeInstanceOf(MediaUnreadable);
  });

  it('refuses a playlist that points at another local file', async () => {
    const secret = join(dir, 'secret.wav');
    ffmpeg`-f lavfi -i sine=frequency=500 -t 1 ${secret}`;
    const playlist = join(dir, 'innocent.mp3');
    writeFileSync(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile://${secret}\n#EXT-X-ENDLIST\n`);
    await expect(probeMedia(playlist)).rejects.toBeInstanceOf(MediaUnreadable);
  });
});
