import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIX, type MediaInfo, type PcmAudio, type PcmFile, type RenderRequest } from '@voxlate/core';
import { renderDub } from './render.js';

/**
 * The mix over a separated background against the ducked original, measured on the music
 * itself: a 110 Hz "music" tone under a 1 kHz "dub" from 2 to 4 s. Over the separated
 * background the music keeps its level where the dub speaks; ducked, it drops by the duck (24 dB).
 */
const RATE = 44100;
const SECONDS = 6;
const dir = mkdtempSync(join(tmpdir(), 'voxlate-render-bg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const music = (t: number): number => 0.2 * Math.sin(2 * Math.PI * 110 * t);

/** The music alone, interleaved stereo float, written to `name` in the test folder. */
function writeMusic(name: string): PcmFile {
  const path = join(dir, name);
  const frames = RATE * SECONDS;
  const samples = new Float32Array(frames * 2);
  for (let i = 0; i < frames; i++) samples[2 * i] = samples[2 * i + 1] = music(i / RATE);
  writeFileSync(path, Buffer.from(samples.buffer));
  return { path, sampleRate: RATE, channels: 2, frames };
}

/** The original: the music as a WAV file (in this scene nobody speaks in it). */
function writeOriginal(): string {
  const wav = join(dir, 'original.wav');
  const raw = writeMusic('original.f32le').path;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'f32le', '-ar', String(RATE), '-ac', '2', '-i', raw, wav]);
  return wav;
}

/** What a perfect separator would give for it: the music. */
const separatedBackground = (): PcmFile => writeMusic('background.f32le');

const dub: PcmAudio = {
  sampleRate: RATE,
  samples: Float32Array.from({ length: 2 * RATE }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 1000 * i) / RATE)),
};

async function render(name: string, background?: PcmFile): Promise<Float32Array> {
  const input = writeOriginal();
  const info: MediaInfo = {
    durationSeconds: SECONDS,
    format: 'wav',
    audio: { codec: 'pcm_s16le', sampleRate: RATE, channels: 2 },
  };
  const output = join(dir, `${name}.wav`);
  const request: RenderRequest = {
    input,
    info,
    clips: [{ ref: { key: 'dub', sampleRate: RATE, duration: 2 }, start: 2 }],
    mix: DEFAULT_MIX,
    output,
    outputSeconds: SECONDS,
    container: 'wav',
    tags: {},
    ...(background ? { background } : {}),
  };
  const work = mkdtempSync(join(dir, `${name}-work-`));
  await renderDub(request, work, () => Promise.resolve(dub), {});
  const decoded = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', output, '-ac', '1', '-ar', String(RATE), '-f', 'f32le', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return new Float32Array(decoded.buffer, decoded.byteOffset, decoded.length / 4);
}

/** Amplitude of one frequency over a stretch of the signal (Goertzel-style correlation). */
function toneLevel(samples: Float32Array, hertz: number, from: number, to: number): number {
  let re = 0;
  let im = 0;
  const start = Math.round(from * RATE);
  const end = Math.round(to * RATE);
  for (let i = start; i < end; i++) {
    re += samples[i]! * Math.cos((2 * Math.PI * hertz * i) / RATE);
    im += samples[i]! * Math.sin((2 * Math.PI * hertz * i) / RATE);
  }
  return (2 * Math.hypot(re, im)) / (end - start);
}

const musicDropDb = (mixed: Float32Array): number =>
  20 * Math.log10(toneLevel(mixed, 110, 2.5, 3.5) / toneLevel(mixed, 110, 0.5, 1.5));

describe('the mix under the dub', () => {
  it('keeps a separated background at its own level where the dub speaks', async () => {
    const separated = await render('separated', separatedBackground());
    expect(Math.abs(musicDropDb(separated))).toBeLessThan(0.5);
    expect(toneLevel(separated, 1000, 2.5, 3.5)).toBeGreaterThan(0.05);
  });

  it('ducks the original by the configured amount when there is no separated background', async () => {
    const ducked = await render('ducked');
    expect(-musicDropDb(ducked)).toBeCloseTo(DEFAULT_MIX.duckDb, 0);
    expect(readFileSync(join(dir, 'ducked.wav')).length).toBeGreaterThan(0);
  });
});
