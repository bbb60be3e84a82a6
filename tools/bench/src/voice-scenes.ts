import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Segment } from '@voxlate/core';
import { ffmpeg } from '../../../packages/dubber/src/test/make-media.js';
import { CODEC2_RAW, concatList, librivoxClips } from './make-inputs.js';
import { ALSA_CHANNELS, ALSA_MEDIA } from './held-out-speech.js';

/** A stretch of one real speaker in a made-up conversation. */
export interface Turn {
  speaker: string;
  start: number;
  end: number;
}

/** A real recording (or real recordings joined) and who speaks when in it. */
export interface VoiceScene {
  name: string;
  path: string;
  turns: Turn[];
}

const GAP_SECONDS = 0.7;

/** The true speaker of a dubbed line: the one who talks most of its time. */
export function trueSpeaker(turns: readonly Turn[], segment: Segment): string {
  const overlap = (turn: Turn): number =>
    Math.max(0, Math.min(turn.end, segment.end) - Math.max(turn.start, segment.start));
  return [...turns].sort((a, b) => overlap(b) - overlap(a))[0]!.speaker;
}

/**
 * Real speech from Debian packages (pocketsphinx-testdata, codec2-examples), men and a woman:
 * one-speaker files (a librivox reader, a radio amateur) and two-speaker files that alternate lines of two of them, with
 * the truth of who speaks when.
 */
export function voiceScenes(dir: string): VoiceScene[] {
  const reader = librivoxClips().map((clip, i) => piece(dir, `reader-${i}`, clip.path));
  const radio = (name: string, from: number, seconds: number): Piece =>
    piece(
      dir,
      `${name}-${from}`,
      join(CODEC2_RAW, `${name}.raw`),
      ['-f', 's16le', '-ar', '8000', '-ac', '1'],
      from,
      seconds,
    );
  const ve9qrp = [0, 12, 24, 36, 48, 60].map((from) => radio('ve9qrp', from, 12));
  const vk5qi = [0, 6.5].map((from) => radio('vk5qi', from, 6.5));
  // hts2: a woman (F0 ~170 Hz), 6 s. (hts.raw alternates her and a man, so it is not used as one speaker.)
  const woman = [0, 3].map((from) => radio('hts2', from, 3));
  return [
    scene(
      dir,
      'reader alone (librivox, man)',
      reader.map((p) => ['A', p]),
    ),
    scene(
      dir,
      'radio amateur alone (ve9qrp, man)',
      ve9qrp.slice(0, 4).map((p) => ['B', p]),
    ),
    scene(dir, 'reader and radio amateur', [
      ['A', reader[0]!],
      ['B', ve9qrp[0]!],
      ['A', reader[1]!],
      ['B', ve9qrp[1]!],
      ['A', reader[2]!],
      ['B', ve9qrp[2]!],
    ]),
    scene(dir, 'two radio amateurs (ve9qrp, vk5qi)', [
      ['B', ve9qrp[3]!],
      ['C', vk5qi[0]!],
      ['B', ve9qrp[4]!],
      ['C', vk5qi[1]!],
      ['B', ve9qrp[5]!],
    ]),
    scene(dir, 'woman and man (hts2, reader)', [
      ['D', woman[0]!],
      ['A', reader[3]!],
      ['D', woman[1]!],
      ['A', reader[4]!],
    ]),
  ];
}

/**
 * Real speech no voice setting was tuned on: codec2-examples' other recordings (speech_orig_16k,
 * a 16 kHz clip; kristoff, g3plx, mmt1, big_dog, cq_ref: 8 kHz; the part of ve9qrp the scenes
 * above leave out) and alsa-utils' channel names, cut into lines. The contour, energy and
 * line-to-line figures are judged here, not on the scenes above.
 */
export function heldOutVoiceScenes(dir: string): VoiceScene[] {
  const cut = (name: string, from: number, seconds: number, raw = true): Piece =>
    piece(
      dir,
      `held-${name}-${from}`,
      join(CODEC2_RAW, raw ? `${name}.raw` : `${name}.wav`),
      raw ? ['-f', 's16le', '-ar', '8000', '-ac', '1'] : [],
      from,
      seconds,
    );
  return [
    scene(
      dir,
      'held out: speech_orig_16k',
      [0, 3.6, 7.2].map((from) => ['H', cut('speech_orig_16k', from, 3.6, false)]),
    ),
    scene(dir, 'held out: kristoff and g3plx', [
      ['K', cut('kristoff', 0, 2.5)],
      ['G', cut('g3plx', 0, 2.8)],
      ['K', cut('kristoff', 2.5, 2.5)],
      ['G', cut('g3plx', 2.8, 2.9)],
    ]),
    scene(dir, 'held out: mmt1 and big_dog', [
      ['M', cut('mmt1', 0, 4)],
      ['B', cut('big_dog', 0, 2.5)],
    ]),
    // Speakers with several lines, for the line-to-line figures: the last 36 s of ve9qrp's over
    // (the development scenes use its first 72 s only: the same radio amateur, other sentences),
    // a CQ call (two lines), and ALSA's eight channel names read by one man.
    scene(
      dir,
      'held out: ve9qrp from 72 s',
      [72, 81, 90, 99].map((from) => ['R', cut('ve9qrp', from, 9)]),
    ),
    scene(
      dir,
      'held out: cq_ref',
      [0, 4].map((from) => ['Q', cut('cq_ref', from, 4)]),
    ),
    scene(
      dir,
      'held out: ALSA channel names',
      ALSA_CHANNELS.map((channel) => ['A', piece(dir, `held-alsa-${channel}`, join(ALSA_MEDIA, `${channel}.wav`))]),
    ),
  ];
}

interface Piece {
  path: string;
  seconds: number;
}

function piece(dir: string, name: string, source: string, format: string[] = [], from = 0, seconds?: number): Piece {
  const path = join(dir, `${name}.wav`);
  const cut = seconds === undefined ? [] : ['-ss', String(from), '-t', String(seconds)];
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...format, '-i', source, ...cut, '-ar', '16000', '-ac', '1', path]);
  const length = Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]),
  );
  return { path, seconds: length };
}

function scene(dir: string, name: string, pieces: [string, Piece][]): VoiceScene {
  const silence = join(dir, 'gap.wav');
  ffmpeg`-f lavfi -t ${GAP_SECONDS} -i anullsrc=r=16000:cl=mono ${silence}`;
  const files: string[] = [];
  const turns: Turn[] = [];
  let at = 0;
  for (const [speaker, part] of pieces) {
    if (files.length > 0) {
      files.push(silence);
      at += GAP_SECONDS;
    }
    files.push(part.path);
    turns.push({ speaker, start: at, end: at + part.seconds });
    at += part.seconds;
  }
  const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  const path = join(dir, `${slug}.wav`);
  ffmpeg`-f concat -safe 0 -i ${concatList(dir, `${slug}.txt`, files)} -c copy ${path}`;
  return { name, path, turns };
}
