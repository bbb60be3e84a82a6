import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wordErrors } from '@voxlate/core';
import type { EngineRegistries } from '@voxlate/engines';
import { RawPcmFile } from '@voxlate/media';
import { librivoxClips } from './make-inputs.js';

export interface RecognitionScore {
  engine: string;
  clips: number;
  words: number;
  wer: number;
  rtf: number;
}

/** Word error rate and real-time factor of every installed English recogniser on the librivox clips. */
export async function evaluateRecognisers(registries: EngineRegistries): Promise<RecognitionScore[]> {
  const dir = mkdtempSync(join(tmpdir(), 'voxlate-eval-asr-'));
  try {
    const clips = librivoxClips().map((clip, i) => {
      const path = join(dir, `clip-${i}.s16le`);
      execFileSync('ffmpeg', ['-v', 'error', '-i', clip.path, '-ac', '1', '-ar', '16000', '-f', 's16le', path]);
      const seconds = Number(
        execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', clip.path]),
      );
      return { audio: new RawPcmFile(path, 16000, seconds), reference: clip.reference ?? '' };
    });
    const scores: RecognitionScore[] = [];
    for (const id of await registries.asr.installedIds()) {
      const recogniser = await registries.asr.get(id);
      if (!recogniser.languages.includes('eng')) continue;
      await recogniser.recognise(clips[0]!.audio, [{ start: 0, end: 1 }], 'eng', {}); // load before timing
      let errors = 0;
      let words = 0;
      let audioSeconds = 0;
      const started = performance.now();
      for (const clip of clips) {
        const [result] = await recogniser.recognise(clip.audio, [{ start: 0, end: clip.audio.duration }], 'eng', {});
        const counted = wordErrors(clip.reference, result?.text ?? '');
        errors += counted.errors;
        words += counted.words;
        audioSeconds += clip.audio.duration;
      }
      const seconds = (performance.now() - started) / 1000;
      scores.push({ engine: id, clips: clips.length, words, wer: errors / words, rtf: seconds / audioSeconds });
    }
    return scores;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
