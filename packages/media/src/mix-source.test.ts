import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIX, concatSamples, type RenderRequest } from '@voxlate/core';
import { openMixSource, type MixStretch } from './mix-source.js';

/**
 * What the mix plays under the dub, read in the process from a WAV: the same floats ffmpeg's
 * decoder gives for the same stretch (a re-render starts mid-file), padded with silence past the
 * end as `apad` pads it.
 */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav';
const dir = mkdtempSync(join(tmpdir(), 'voxlate-mix-source-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function wav(name: string, codec: string): string {
  const path = join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', LIBRIVOX, '-ar', '22050', '-ac', '2', '-c:a', codec, path]);
  return path;
}

function ffmpegStretch(path: string, stretch: MixStretch): Float32Array {
  const args = ['-v', 'error', '-ss', String(stretch.firstFrame / stretch.sampleRate), '-i', path];
  const seconds = stretch.totalFrames / stretch.sampleRate;
  const out = ['-af', 'apad', '-t', String(seconds), '-f', 'f32le', '-ar', '22050', '-ac', '2', '-'];
  const bytes = execFileSync('ffmpeg', [...args, ...out], { maxBuffer: 64 * 1024 * 1024 });
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

async function ourStretch(path: string, stretch: MixStretch): Promise<Float32Array> {
  const request = { input: path, clips: [], mix: DEFAULT_MIX } as unknown as RenderRequest;
  const source = await openMixSource(request, stretch, undefined);
  const chunks: Float32Array[] = [];
  for await (const chunk of source.frames) chunks.push(chunk);
  await source.done;
  return concatSamples(chunks);
}

describe('the mix source read in the process', () => {
  it.each([
    ['16-bit', 'pcm_s16le'],
    ['float', 'pcm_f32le'],
  ])('gives a %s WAV as ffmpeg decodes it, from the middle and past the end', async (_name, codec) => {
    const path = wav(`source-${codec}.wav`, codec);
    // From 1 s in to 2 s past the end of the 3 s recording.
    const stretch = { sampleRate: 22050, channels: 2, firstFrame: 22050, totalFrames: 22050 * 4 };
    const ours = await ourStretch(path, stretch);
    const theirs = ffmpegStretch(path, stretch);
    expect(ours.length).toBe(stretch.totalFrames * 2);
    expect(theirs.length).toBe(ours.length);
    let worst = 0;
    for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs(ours[i]! - theirs[i]!));
    expect(worst).toBe(0);
    // The end is silence, as ffmpeg pads it.
    expect(ours.subarray(-22050 * 2).every((value) => value === 0)).toBe(true);
  });
});
