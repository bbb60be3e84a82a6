import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_MIX,
  placedSpan,
  toSrt,
  wordErrors,
  type RecognisedSpan,
  type Segment,
  type VoiceMode,
} from '@voxlate/core';
import type { EngineRegistries } from '@voxlate/engines';
import { RawPcmFile } from '@voxlate/media';
import { Dubber, configFromEnv } from '@voxlate/runtime';
import { voiceScenes } from './voice-scenes.js';

/** How well the recogniser understands one scene's English dub, in one voice mode. */
export interface IntelligibilityFigures {
  scene: string;
  /** `harmed`: the neutral dub low-passed at 700 Hz, the control a useful measure must score worse. */
  mode: VoiceMode | 'harmed';
  words: number;
  wer: number;
}

/**
 * The "no harm" check of voice shaping: English dubs of the real scenes, made from Spanish
 * subtitles (so no recognition error enters the text), recognised back by pocketsphinx and
 * scored against the words the dub was asked to say. Shaping that blurred the speech would
 * raise this word error rate above the neutral voice's.
 */
export async function voiceIntelligibility(
  registries: EngineRegistries,
  dir: string,
): Promise<IntelligibilityFigures[]> {
  const dubber = new Dubber({ ...configFromEnv(), tempRoot: dir }, registries);
  const recogniser = await registries.asr.get('pocketsphinx');
  const figures: IntelligibilityFigures[] = [];
  for (const scene of voiceScenes(dir)) {
    const subtitles = await spanishSubtitles(dubber, scene.path, dir);
    for (const mode of ['neutral', 'shaped'] as const) {
      const output = join(dir, `english-${mode}.wav`);
      const run = await dubber.dub({
        input: scene.path,
        output,
        sourceLanguage: 'spa',
        targetLanguage: 'eng',
        transcript: subtitles,
        choices: { voice: { mode } },
        options: { separation: 'off', mix: { ...DEFAULT_MIX, duckDb: -90 } },
      });
      const lines = run.timeline.segments.flatMap((segment) => spokenLine(segment));
      const heard = (filter: string): Promise<RecognisedSpan[]> =>
        recogniser.recognise(
          analysisCopy(output, dir, filter),
          lines.map((line) => line.span),
          'eng',
          {},
        );
      figures.push({ scene: scene.name, mode, ...score(lines, await heard('anull')) });
      if (mode === 'neutral') figures.push({ scene: scene.name, mode: 'harmed', ...score(lines, await heard(HARM)) });
    }
  }
  return figures;
}

/** Muffled speech: what every listener and recogniser should find harder to follow. */
const HARM = 'lowpass=f=700,lowpass=f=700';

function score(lines: readonly { text: string }[], heard: readonly RecognisedSpan[]): { words: number; wer: number } {
  let errors = 0;
  let words = 0;
  lines.forEach((line, i) => {
    const counted = wordErrors(line.text, heard[i]?.text ?? '');
    errors += counted.errors;
    words += counted.words;
  });
  return { words, wer: errors / Math.max(1, words) };
}

/** The scene's lines in Spanish with their times, as a subtitles file a creator might bring. */
async function spanishSubtitles(dubber: Dubber, input: string, dir: string): Promise<string> {
  const run = await dubber.dub({
    input,
    output: join(dir, 'spanish.wav'),
    sourceLanguage: 'eng',
    targetLanguage: 'spa',
    choices: { voice: { mode: 'neutral' } },
    options: { separation: 'off' },
  });
  return toSrt(
    run.timeline.segments.map((segment) => ({ start: segment.start, end: segment.end, text: segment.targetText })),
  );
}

function spokenLine(segment: Segment): { span: { start: number; end: number }; text: string }[] {
  const span = placedSpan(segment);
  return span && segment.targetText.trim() ? [{ span, text: segment.targetText }] : [];
}

/** The dub (through `filter`) at 16 kHz mono 16-bit, the recogniser's input format. */
function analysisCopy(path: string, dir: string, filter: string): RawPcmFile {
  const raw = join(dir, 'heard.s16le');
  const args = ['-v', 'error', '-i', path, '-af', filter, '-ac', '1', '-ar', '16000', '-f', 's16le', '-'];
  const bytes = execFileSync('ffmpeg', args, { maxBuffer: 1 << 30 });
  writeFileSync(raw, bytes);
  return new RawPcmFile(raw, 16000, bytes.length / 2 / 16000);
}
