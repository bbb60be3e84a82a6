import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_MIX,
  placedSpan,
  toSrt,
  wordErrors,
  type RecognisedSpan,
  type Recogniser,
  type Segment,
  type VoiceMode,
  concatSamples,
} from '@voxlate/core';
import { cosine, loadSpeakerVerifier, type EngineRegistries, type SpeakerVerifier } from '@voxlate/engines';
import type { ModelManager } from '@voxlate/models';
import { RawPcmFile } from '@voxlate/media';
import { Dubber, configFromEnv } from '@voxlate/dubber';
import { decode16k, mean } from './voice-metrics.js';
import { trueSpeaker, voiceScenes, type VoiceScene } from './voice-scenes.js';

/** How well the recogniser understands one scene's English dub, in one voice mode, and how like the speakers it sounds. */
export interface IntelligibilityFigures {
  scene: string;
  /** `harmed`: the neutral dub low-passed at 700 Hz, the control a useful measure must score worse. */
  mode: VoiceMode | 'harmed';
  words: number;
  wer: number;
  /**
   * Mean over lines of the CAM++ cosine similarity of the dubbed line to its own speaker's
   * speech in the source (absent without the CAM++ model), and, as the bad case, to the other
   * speakers' speech (two-speaker scenes).
   */
  similarity?: { own: number; others?: number };
}

/** What each dub is measured against: every true speaker's voice (embedding) in the source. */
type SpeakerVoices = Map<string, Float32Array>;

/**
 * The "no harm" check of voice shaping: English dubs of the real scenes, made from Spanish
 * subtitles (so no recognition error enters the text), recognised back by pocketsphinx and
 * scored against the words the dub was asked to say. Shaping that blurred the speech would
 * raise this word error rate above the neutral voice's.
 */
export async function voiceIntelligibility(
  registries: EngineRegistries,
  manager: ModelManager,
  dir: string,
): Promise<IntelligibilityFigures[]> {
  const dubber = new Dubber({ ...configFromEnv(), tempRoot: dir }, registries);
  const recogniser = await registries.asr.get('pocketsphinx');
  const verifier = await loadSpeakerVerifier(manager);
  const modes: VoiceMode[] = ['neutral', 'shaped'];
  if (await dubber.resolver.voiceCloner('eng')) modes.push('clone');
  const figures: IntelligibilityFigures[] = [];
  for (const scene of voiceScenes(dir)) {
    const subtitles = await spanishSubtitles(dubber, scene.path, dir);
    const speakers = verifier ? speakerVoices(verifier, scene) : new Map<string, Float32Array>();
    for (const mode of modes) {
      const { run, lines, heard } = await englishDub(dubber, recogniser, scene, subtitles, mode, dir);
      figures.push({
        scene: scene.name,
        mode,
        ...score(lines, await heard('anull')),
        ...(verifier ? { similarity: likeness(verifier, scene, speakers, run.timeline.segments, run.output) } : {}),
      });
      if (mode === 'neutral') figures.push({ scene: scene.name, mode: 'harmed', ...score(lines, await heard(HARM)) });
    }
  }
  return figures;
}

/**
 * The scene dubbed into English from its Spanish subtitles in one voice mode (the original muted
 * under it), its spoken lines, and what the recogniser hears of them through an ffmpeg filter.
 */
export async function englishDub(
  dubber: Dubber,
  recogniser: Recogniser,
  scene: VoiceScene,
  subtitles: string,
  mode: VoiceMode,
  dir: string,
) {
  const output = join(dir, `english-${mode}.wav`);
  const run = await dubber.dub({
    input: scene.path,
    output,
    sourceLanguage: 'spa',
    targetLanguage: 'eng',
    transcript: subtitles,
    choices: { voice: { mode } },
    options: { separation: 'off', mix: { ...DEFAULT_MIX, duckDb: 90 } },
  });
  const lines = run.timeline.segments.flatMap((segment) => spokenLine(segment));
  const heard = (filter: string): Promise<RecognisedSpan[]> =>
    recogniser.recognise(
      analysisCopy(output, dir, filter),
      lines.map((line) => line.span),
      'eng',
      {},
    );
  return { run: { ...run, output }, lines, heard };
}

/** Each true speaker's turns in the source, joined and embedded: the voice their dubbed lines should sound like. */
export function speakerVoices(verifier: SpeakerVerifier, scene: VoiceScene): SpeakerVoices {
  const source = decode16k(scene.path);
  const voices: SpeakerVoices = new Map();
  for (const speaker of new Set(scene.turns.map((turn) => turn.speaker))) {
    const turns = scene.turns.filter((turn) => turn.speaker === speaker);
    const parts = turns.map((turn) => source.subarray(Math.round(turn.start * 16000), Math.round(turn.end * 16000)));
    voices.set(speaker, verifier.embed({ samples: concatSamples(parts), sampleRate: 16000 }));
  }
  return voices;
}

/** Mean similarity of each dubbed line to its own speaker, and to the others (the bad case). */
export function likeness(
  verifier: SpeakerVerifier,
  scene: VoiceScene,
  speakers: SpeakerVoices,
  segments: readonly Segment[],
  output: string,
): { own: number; others?: number } {
  const dub = decode16k(output);
  const own: number[] = [];
  const others: number[] = [];
  for (const segment of segments) {
    const span = placedSpan(segment);
    if (!span || span.end - span.start < 1) continue;
    const line = {
      samples: dub.subarray(Math.round(span.start * 16000), Math.round(span.end * 16000)),
      sampleRate: 16000,
    };
    const speaker = trueSpeaker(scene.turns, segment);
    const embedding = verifier.embed(line);
    for (const [name, voice] of speakers) {
      const similarity = cosine(embedding, voice);
      (name === speaker ? own : others).push(similarity);
    }
  }
  return { own: mean(own), ...(others.length > 0 ? { others: mean(others) } : {}) };
}

/** Muffled speech: what every listener and recogniser should find harder to follow. */
const HARM = 'lowpass=f=700,lowpass=f=700';

export function score(
  lines: readonly { text: string }[],
  heard: readonly RecognisedSpan[],
): { words: number; wer: number } {
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
export async function spanishSubtitles(dubber: Dubber, input: string, dir: string): Promise<string> {
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
