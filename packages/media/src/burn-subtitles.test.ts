import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { burnStyle, burnSubtitles } from './burn-subtitles.js';
import { probeMedia } from './probe.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-burn-subtitles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ffmpeg = (args: string[]): Buffer =>
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { maxBuffer: 1 << 26 });

/** 4 s of a plain mid-blue picture with a tone and a selectable subtitle track, as a rendered dub is. */
function dub(name: string): string {
  const srt = join(dir, 'track.srt');
  writeFileSync(srt, '1\n00:00:00,500 --> 00:00:03,000\nTrack text\n\n');
  const path = join(dir, name);
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'color=c=0x305070:size=640x360:rate=25:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=300:duration=4', '-i', srt],
    ...['-map', '0:v', '-map', '1:a', '-map', '2:s', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-c:s', 'mov_text', '-t', '4', path],
  ]);
  return path;
}

/** The brightest luma in the bottom quarter of the frame at `seconds`. */
function brightestAtBottom(path: string, seconds: number): number {
  const gray = ffmpeg([
    '-ss',
    String(seconds),
    '-i',
    path,
    '-frames:v',
    '1',
    '-vf',
    'crop=iw:ih/4:0:ih*3/4,format=gray',
    '-f',
    'rawvideo',
    '-',
  ]);
  return Math.max(...gray);
}

const audioHash = (path: string): string =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-map', '0:a', '-c', 'copy', '-f', 'md5', '-']).toString().trim();

describe('burnSubtitles', () => {
  it('draws the cues into the picture while they show, and only then; audio and the track are kept', async () => {
    const output = dub('latin.mp4');
    const before = { audio: audioHash(output), during: brightestAtBottom(output, 1.5) };
    // A work folder whose path would split an unescaped filter: quote, colon, comma, brackets.
    const work = join(dir, "it's: a, [strange] folder");
    mkdirSync(work);
    const info = await probeMedia(output);
    const srt = '1\n00:00:01,000 --> 00:00:02,500\nHola a todos, bienvenidos.\n\n';
    await burnSubtitles(output, info, { srt, language: 'spa' }, work, {});
    expect(before.during).toBeLessThan(140); // the plain picture has nothing bright at the bottom
    expect(brightestAtBottom(output, 1.5)).toBeGreaterThan(220); // white text
    expect(brightestAtBottom(output, 3.3)).toBeLessThan(140); // after the cue: the picture again
    const after = await probeMedia(output);
    expect(after.durationSeconds).toBeCloseTo(4, 0);
    expect(audioHash(output)).toBe(before.audio);
    const streams = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type',
      '-of',
      'csv=p=0',
      output,
    ])
      .toString()
      .trim()
      .split('\n');
    expect(streams.sort()).toEqual(['audio', 'subtitle', 'video']);
    // Nothing staged is left beside the output or in the work folder.
    expect(readdirSync(work)).toEqual([]);
    expect(readdirSync(dir).filter((name) => name.includes('.burn.'))).toEqual([]);
  });

  it('uses a font that has the script: CJK from fonts-wqy-zenhei, the rest DejaVu Sans', async () => {
    expect(burnStyle('yue')).toContain('FontName=WenQuanYi Zen Hei');
    expect(burnStyle('ell')).toContain('FontName=DejaVu Sans');
    expect(burnStyle('eng', 'cmn')).toContain('FontName=WenQuanYi Zen Hei');
    expect(execFileSync('fc-match', ['WenQuanYi Zen Hei']).toString()).toMatch(/wqy-zenhei/);
    const output = dub('cantonese.mp4');
    const info = await probeMedia(output);
    await burnSubtitles(
      output,
      info,
      { srt: '1\n00:00:01,000 --> 00:00:02,500\n大家好，歡迎收看。\n\n', language: 'yue' },
      dir,
      {},
    );
    expect(brightestAtBottom(output, 1.5)).toBeGreaterThan(220);
  });
});
