import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_UNSURE_BELOW, hypothesisWordsRight, type Recogniser, type Word } from '@voxlate/core';
import type { EngineRegistries } from '@voxlate/engines';
import { argv, RawPcmFile } from '@voxlate/media';
import { librivoxClips } from './make-inputs.js';
import { heldOutSpeech, spokenWords } from './held-out-speech.js';
import { CHANNEL_NAMES, freedesktopSound } from './speech-detector-figures.js';

const CARDS = '/usr/share/pocketsphinx/test/data/cards';
const GOFORWARD = '/usr/share/pocketsphinx/test/data/goforward.raw';

/** A real English recording with its reference transcript (pocketsphinx's test data). */
interface Referenced {
  name: string;
  input: string[];
  reference: string;
}

/**
 * Held out (the flag's thresholds were not set on them): the freedesktop theme's and ALSA's
 * spoken channel names, two voices saying "front left", "rear center", ..., and TIMIT's sa1.
 */
function heldOutRecordings(): Referenced[] {
  return [
    ...CHANNEL_NAMES.map((name) => ({
      name,
      input: ['-i', freedesktopSound(name)],
      reference: name.replace('audio-channel-', '').replace('-', ' '),
    })),
    ...heldOutSpeech().map((recording) => ({
      name: recording.name,
      input: ['-i', recording.path],
      reference: recording.words,
    })),
  ];
}

/**
 * A second held-out set, of another kind: KTuberling's English words, each said alone by one
 * speaker (recorded for the game; scripts/debian-media.sh unpacks them). Isolated words are hard
 * for a recogniser with a sentence language model: most come out wrong.
 */
function heldOutWords(): Referenced[] {
  return spokenWords().map((word) => ({ name: word.name, input: ['-i', word.path], reference: word.words }));
}

function referencedRecordings(): Referenced[] {
  const cards = readFileSync(join(CARDS, 'cards.transcription'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => /^<s> (.*?)\s*<\/s> \((.*)\)$/.exec(line.trim())!)
    .map((match) => ({
      name: `cards ${match[2]}`,
      input: ['-i', join(CARDS, `${match[2]}.wav`)],
      reference: match[1]!,
    }));
  return [
    ...librivoxClips().map((clip) => ({ name: clip.name, input: ['-i', clip.path], reference: clip.reference! })),
    ...cards,
    {
      name: 'goforward',
      input: ['-f', 's16le', '-ar', '16000', '-ac', '1', '-i', GOFORWARD],
      reference: 'go forward ten meters',
    },
  ];
}

export interface ReviewScore {
  engine: string;
  rule: string;
  words: number;
  wrong: number;
  flagged: number;
  /** Of the words the recogniser got wrong, the share flagged. */
  recall: number;
  /** Of the flagged words, the share that were wrong. */
  precision: number;
}

/**
 * How well the "unsure words" flag points at the recogniser's mistakes, for every installed
 * English recogniser that gives word confidences: each recording is recognised whole, its words
 * aligned to the reference, and the flag scored as the product raises it and, for comparison,
 * as the bare confidence under several thresholds; on the recordings the flag was tuned on, and
 * on held-out ones.
 */
export async function reviewFlagQuality(registries: EngineRegistries, dir: string): Promise<ReviewScore[]> {
  const sets = [
    { name: 'tuned on', recordings: decoded(referencedRecordings(), dir, 'tuned') },
    { name: 'held out A', recordings: decoded(heldOutRecordings(), dir, 'held') },
    { name: 'held out B', recordings: decoded(heldOutWords(), dir, 'words') },
  ];
  const scores: ReviewScore[] = [];
  for (const id of await registries.asr.installedIds()) {
    const recogniser = await registries.asr.get(id);
    if (!recogniser.languages.includes('eng')) continue;
    for (const set of sets) {
      const labelled = await labelledWords(recogniser, set.recordings);
      if (!labelled.some(({ word }) => word.confidence !== undefined)) continue;
      scores.push(...scoresOf(`${id} (${set.name})`, labelled));
    }
  }
  return scores;
}

type DecodedRecording = Referenced & { audio: RawPcmFile };

function decoded(recordings: Referenced[], dir: string, prefix: string): DecodedRecording[] {
  return recordings.map((recording, i) => {
    const path = join(dir, `${prefix}-${i}.s16le`);
    execFileSync('ffmpeg', argv`-v error -y ${recording.input} -ac 1 -ar 16000 -f s16le ${path}`);
    const seconds = Number(execFileSync('stat', ['-c', '%s', path]).toString()) / 2 / 16000;
    return { ...recording, audio: new RawPcmFile(path, 16000, seconds) };
  });
}

/** Every recognised word, right or wrong against its recording's reference. */
async function labelledWords(
  recogniser: Recogniser,
  recordings: readonly DecodedRecording[],
): Promise<{ word: Word; right: boolean }[]> {
  const labelled: { word: Word; right: boolean }[] = [];
  for (const recording of recordings) {
    const spans = [{ start: 0, end: recording.audio.duration }];
    const [result] = await recogniser.recognise(recording.audio, spans, 'eng', {});
    const words = result?.words ?? [];
    const right = hypothesisWordsRight(recording.reference, words.map((word) => word.text).join(' '));
    words.forEach((word, i) => labelled.push({ word, right: right[i] ?? false }));
  }
  return labelled;
}

/** The flag as the product raises it (the recogniser's own judgement where it gives one), then bare confidences. */
function scoresOf(engine: string, labelled: { word: Word; right: boolean }[]): ReviewScore[] {
  const judged = labelled.some(({ word }) => word.unsure !== undefined);
  const asFlagged = (word: Word): boolean =>
    judged ? word.unsure === true : (word.confidence ?? 1) < DEFAULT_UNSURE_BELOW;
  return [
    scoreOf(engine, 'as flagged', labelled, asFlagged),
    ...[0.2, DEFAULT_UNSURE_BELOW, 0.8].map((threshold) =>
      scoreOf(engine, `confidence < ${threshold.toFixed(2)}`, labelled, (word) => (word.confidence ?? 1) < threshold),
    ),
  ];
}

function scoreOf(
  engine: string,
  rule: string,
  labelled: { word: Word; right: boolean }[],
  flag: (word: Word) => boolean,
): ReviewScore {
  const flagged = labelled.filter(({ word }) => flag(word));
  const wrong = labelled.filter(({ right }) => !right);
  const caught = flagged.filter(({ right }) => !right).length;
  return {
    engine,
    rule,
    words: labelled.length,
    wrong: wrong.length,
    flagged: flagged.length,
    recall: wrong.length === 0 ? 1 : caught / wrong.length,
    precision: flagged.length === 0 ? 0 : caught / flagged.length,
  };
}

export function printReviewFigures(scores: readonly ReviewScore[]): void {
  console.log(
    'review flags: unsure words against reference transcripts (tuned on: librivox, cards, goforward; ' +
      "held out A: freedesktop and ALSA channel names, TIMIT sa1; held out B: KTuberling's English words):",
  );
  for (const score of scores) {
    console.log(
      `    ${score.engine.padEnd(27)} ${score.rule.padEnd(18)} ${score.flagged} of ${score.words} words flagged, ` +
        `${score.wrong} wrong; recall ${(100 * score.recall).toFixed(0)} %, precision ${(100 * score.precision).toFixed(0)} %`,
    );
  }
}
