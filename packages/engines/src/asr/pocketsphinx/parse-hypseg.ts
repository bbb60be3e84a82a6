import type { Word } from '@voxlate/core';

/** A word's scores in the decoder's log units: acoustic per 10 ms frame, and the language model's. */
export interface WordScores {
  acousticPerFrame: number;
  language: number;
}

/** Centiseconds: pocketsphinx counts 100 frames a second. */
const FRAME_SECONDS = 0.01;
const FILLER = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+)$/i;

/**
 * Parses one `-hypseg` line: `uttid S n T n A n L n (frame ascr lscr word)* endframe`.
 * Frames are relative to the utterance; `offsetSeconds` makes them absolute. Fillers and
 * silences are dropped and alternate-pronunciation marks like "been(2)" removed.
 */
export function parseHypsegLine(
  line: string,
  offsetSeconds: number,
): { uttId: string; words: Word[]; scores: WordScores[] } | undefined {
  const tokens = line.trim().split(/\s+/);
  if (tokens.length < 10 || tokens[1] !== 'S') return undefined;
  const uttId = tokens[0]!;
  const body = tokens.slice(9);
  const words: Word[] = [];
  const scores: WordScores[] = [];
  for (let i = 0; i + 4 < body.length; i += 4) {
    const startFrame = Number(body[i]);
    const word = body[i + 3]!;
    const endFrame = Number(body[i + 4]);
    if (FILLER.test(word) || !Number.isFinite(startFrame) || !Number.isFinite(endFrame)) continue;
    scores.push({
      acousticPerFrame: Number(body[i + 1]) / Math.max(1, endFrame - startFrame),
      language: Number(body[i + 2]),
    });
    words.push({
      text: word.replace(/\(\d+\)$/, ''),
      start: round3(offsetSeconds + startFrame * FRAME_SECONDS),
      end: round3(offsetSeconds + endFrame * FRAME_SECONDS),
    });
  }
  return { uttId, words, scores };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
