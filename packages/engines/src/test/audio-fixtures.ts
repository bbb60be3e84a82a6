import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AudioSource } from '@voxlate/core';

export const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

/** The folder for the audio made here, made when first needed (removed after each test file). */
let folder: string | undefined;
let made = 0;

/**
 * Removes the audio made so far: vitest.units-setup.ts calls it after each test file (the files
 * of a worker share this module, so a module-level afterAll would run after the first one only).
 */
export function removeAudioFixtures(): void {
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
}
/** The LibriVox test lines (pocketsphinx-testdata) and what is said in them, in the transcription's order. */
export const LIBRIVOX_LINES: readonly { path: string; text: string }[] = readFileSync(
  `${LIBRIVOX}/transcription`,
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => {
    const [, text, id] = /^<s> (.*) <\/s> \((.*)\)$/.exec(line)!;
    return { path: `${LIBRIVOX}/${id}.wav`, text: text! };
  });
export const LIBRIVOX_0880 = `${LIBRIVOX}/sense_and_sensibility_01_austen_64kb-0880.wav`;
export const LIBRIVOX_0880_TEXT = 'he was not an ill disposed young man';

/** Decodes any media file to 16 kHz mono s16le in a temp folder and serves it as an AudioSource. */
export function analysisAudioOf(path: string): AudioSource {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-ac', '1', '-ar', '16000', '-f', 's16le', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return analysisAudioOfPcm16(raw);
}

export function silentAnalysisAudio(seconds: number): AudioSource {
  return analysisAudioOfPcm16(Buffer.alloc(Math.round(seconds * 16000) * 2));
}

/** 16 kHz mono samples made in a test, served as an AudioSource (through 16-bit, as the pipeline's are). */
export function analysisAudioOfSamples(samples: Float32Array): AudioSource {
  const raw = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++)
    raw.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), i * 2);
  return analysisAudioOfPcm16(raw);
}

/** 16 kHz mono s16le bytes served as an AudioSource. */
export function analysisAudioOfPcm16(raw: Buffer): AudioSource {
  folder ??= mkdtempSync(join(tmpdir(), 'voxlate-engine-test-'));
  const path = join(folder, `audio-${++made}.s16le`);
  writeFileSync(path, raw);
  const samples = new Float32Array(raw.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = raw.readInt16LE(i * 2) / 32768;
  const duration = samples.length / 16000;
  return {
    path,
    sampleRate: 16000,
    duration,
    read: (start, end) => Promise.resolve(samples.slice(Math.round(start * 16000), Math.round(end * 16000))),
    async *chunks(chunkSeconds) {
      const size = Math.round(chunkSeconds * 16000);
      for (let i = 0; i < samples.length; i += size) yield await Promise.resolve(samples.slice(i, i + size));
    },
  };
}
