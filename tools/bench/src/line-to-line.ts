import { loudestDb, type ProsodyTrack } from '@voxlate/core';
import { pearson } from './voice-metrics.js';

/** One line's level, range and loudness: what makes it higher, livelier or louder than the speaker's others. */
export interface LineLevels {
  /** Median F0, semitones (re 100 Hz). */
  pitch: number;
  /** F0 spread, 10th to 90th percentile, semitones. */
  range: number;
  /** Power mean of the frames within 35 dB of the loudest, dB. */
  loudness: number;
}

/** A source line and its dub, with whose line it is (speakers are compared only with themselves). */
export interface LinePair {
  speaker: string;
  source: LineLevels;
  dub: LineLevels;
}

export interface LineToLine {
  pitch: number;
  range: number;
  loudness: number;
  lines: number;
}

/** A line's levels; undefined when it has too few voiced frames to say (under 10). */
export function lineLevels(track: ProsodyTrack): LineLevels | undefined {
  const voiced = Array.from(track.f0Hz)
    .filter((f0) => f0 > 0)
    .map((f0) => 12 * Math.log2(f0 / 100))
    .sort((a, b) => a - b);
  if (voiced.length < 10) return undefined;
  const at = (q: number): number => voiced[Math.round(q * (voiced.length - 1))]!;
  const loudest = loudestDb(track.energyDb);
  const loud = Array.from(track.energyDb).filter((db) => db > loudest - 35);
  const power = loud.reduce((sum, db) => sum + 10 ** (db / 10), 0) / Math.max(1, loud.length);
  return { pitch: at(0.5), range: at(0.9) - at(0.1), loudness: 10 * Math.log10(power) };
}

/**
 * How well a dub keeps each line's place among its speaker's others: every line's level minus its
 * speaker's mean, in the source and in the dub, correlated over all lines of every speaker with
 * at least two (Pearson). 1: a line higher, livelier or louder than the speaker's others stays so
 * by as much; 0: the dub's lines vary unrelated to the source's.
 */
export function lineToLine(pairs: readonly LinePair[]): LineToLine {
  const bySpeaker = new Map<string, LinePair[]>();
  for (const pair of pairs) bySpeaker.set(pair.speaker, [...(bySpeaker.get(pair.speaker) ?? []), pair]);
  const kept = [...bySpeaker.values()].filter((lines) => lines.length >= 2);
  const deviations = (key: keyof LineLevels, side: 'source' | 'dub'): number[] =>
    kept.flatMap((lines) => {
      const mean = lines.reduce((sum, line) => sum + line[side][key], 0) / lines.length;
      return lines.map((line) => line[side][key] - mean);
    });
  const r = (key: keyof LineLevels): number => pearson(deviations(key, 'source'), deviations(key, 'dub'));
  return { pitch: r('pitch'), range: r('range'), loudness: r('loudness'), lines: kept.flat().length };
}
