import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pcm16Of, type AudioSource, type PcmAudio } from '@voxlate/core';
import { ANALYSIS_SAMPLE_RATE } from './decode-analysis.js';
import { RawPcmFile } from './raw-pcm-file.js';
import { resample } from './resample.js';

/**
 * The dubbed lines alone, each at its place (`at`, seconds), as 16 kHz mono analysis audio in
 * `workDir`: what a recogniser or a voice model hears of the dub, without the background.
 */
export async function writeDubAnalysis(
  lines: readonly { audio: PcmAudio; at: number }[],
  seconds: number,
  workDir: string,
): Promise<AudioSource> {
  const track = new Float32Array(Math.ceil(seconds * ANALYSIS_SAMPLE_RATE));
  for (const line of lines) {
    const samples = resample(line.audio.samples, line.audio.sampleRate, ANALYSIS_SAMPLE_RATE);
    const start = Math.max(0, Math.round(line.at * ANALYSIS_SAMPLE_RATE));
    track.set(samples.subarray(0, Math.max(0, track.length - start)), start);
  }
  const path = join(workDir, 'dub-analysis.s16le');
  await writeFile(path, pcm16Of(track));
  return new RawPcmFile(path, ANALYSIS_SAMPLE_RATE, track.length / ANALYSIS_SAMPLE_RATE);
}
