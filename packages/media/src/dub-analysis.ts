import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AudioSource, PcmAudio } from '@voxlate/core';
import { ANALYSIS_SAMPLE_RATE } from './decode-analysis.js';
import { RawPcmFile } from './raw-pcm-file.js';
import { resample } from './resample.js';

/**
 * The dubbed lines alone, each at its place (`at`, seconds), as 16 kHz mono analysis audio in
 * `workDir`: what a recogniser or a voice model hears of the dub, without the background. The
 * lines are read one at a time and the track is held as 16-bit (a 30-minute dub: 58 MB).
 */
export async function writeDubAnalysis(
  lines: readonly { audio: () => Promise<PcmAudio>; at: number }[],
  seconds: number,
  workDir: string,
): Promise<AudioSource> {
  const track = new Int16Array(Math.ceil(seconds * ANALYSIS_SAMPLE_RATE));
  for (const line of lines) {
    const audio = await line.audio();
    const samples = resample(audio.samples, audio.sampleRate, ANALYSIS_SAMPLE_RATE);
    const start = Math.max(0, Math.round(line.at * ANALYSIS_SAMPLE_RATE));
    const end = Math.min(track.length, start + samples.length);
    for (let i = start; i < end; i++) {
      track[i] = Math.round(Math.max(-1, Math.min(1, samples[i - start]!)) * 32767);
    }
  }
  const path = join(workDir, 'dub-analysis.s16le');
  await writeFile(path, new Uint8Array(track.buffer, track.byteOffset, track.byteLength));
  return new RawPcmFile(path, ANALYSIS_SAMPLE_RATE, track.length / ANALYSIS_SAMPLE_RATE);
}
