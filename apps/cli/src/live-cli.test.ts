import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLiveArgs } from './live-args.js';

const ROOT = join(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'voxlate-live-cli-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb';

function live(args: string[], input?: Buffer): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('node', ['apps/cli/dist/live-main.js', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    ...(input ? { input } : {}),
    env: { ...process.env, VOXLATE_DATA_DIR: join(dir, 'data') },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run live', () => {
  it('streams a file, prints each line with its translation, and writes the dub and both subtitles', () => {
    const input = join(dir, 'two.wav');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-i', `${LIBRIVOX}-0880.wav`, '-i', `${LIBRIVOX}-0930.wav`],
      ...['-filter_complex', '[0]apad=pad_dur=1[a];[a][1]concat=n=2:v=0:a=1', input],
    ]);
    const run = live(['--to', 'spa', '--pace', '4', input]);
    expect(run.stderr).toMatch(/Live eng → spa \(pocketsphinx-live/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/\[00:00\.\d-00:0\d\.\d\] he was not/);
    expect(run.stdout.match(/→ /g)).toHaveLength(2);
    const srt = readFileSync(join(dir, 'two.live.spa.srt'), 'utf8');
    expect(srt.match(/-->/g)).toHaveLength(2);
    expect(readFileSync(join(dir, 'two.live.eng.vtt'), 'utf8')).toMatch(/^WEBVTT[\s\S]*young man/);
    const seconds = Number(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration',
        '-of',
        'csv=p=0',
        join(dir, 'two.live.spa.wav'),
      ]),
    );
    expect(seconds).toBeGreaterThan(4);
    expect(run.stderr).toMatch(/Lag \(line end to its dubbed speech\): median [\d.]+ s/);
  });

  it('reads raw PCM from standard input, as from ffmpeg', () => {
    const pcm = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-i',
      `${LIBRIVOX}-0880.wav`,
      '-ac',
      '1',
      '-ar',
      '16000',
      '-f',
      's16le',
      '-',
    ]);
    const run = live(['--to', 'ita', '--out', join(dir, 'piped'), '-'], pcm);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/he was not/);
    expect(readFileSync(join(dir, 'piped.ita.srt'), 'utf8')).toMatch(/-->/);
  });

  it('refuses a language it cannot hear live, in the words of its flags', () => {
    const run = live(['--to', 'spa', '--from', 'fra', `${LIBRIVOX}-0880.wav`]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Live translation from French needs a live speech recogniser/);
    expect(() => parseLiveArgs(['--to', 'xx', 'a.wav'])).toThrow(/Unknown --to "xx"/);
    expect(() => parseLiveArgs(['a.wav'])).toThrow(/--to/);
    expect(() => parseLiveArgs(['--to', 'spa', '--pace', '2', '-'])).toThrow(/standard input/);
    expect(parseLiveArgs(['--to', 'spa', 'talk/show.mp4']).outPrefix).toBe('talk/show.live');
  });
});
