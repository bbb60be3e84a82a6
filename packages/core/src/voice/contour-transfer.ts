import { bridgeGaps, quantileOf, semitoneContour, smooth, valueAt, voicedHz } from './track-math.js';
import type { ProsodyTrack, ShapingPlan } from './voice-types.js';

/** The intonation laid on stays within this many semitones of the voice's own (PSOLA stays clean). */
export const MAX_CONTOUR_SHIFT_SEMITONES = 5;
/** The voice's level may move further to reach the speaker when the engine could not be set to it. */
const MAX_LEVEL_SHIFT_SEMITONES = 12;
const MAX_GAIN_DB = 6;
/** Pitch is carried at ~100 ms resolution (syllables), level at ~200 ms (words, emphasis). */
const PITCH_SMOOTH_FRAMES = 9;
const LEVEL_SMOOTH_FRAMES = 19;
/** Share of the end of a question where the voice's own rise is kept if the source's is lower. */
const QUESTION_TAIL = 0.3;
const ACTIVE_RANGE_DB = 40;

/** A line's words in seconds from the line's (or clip's) start. */
export interface TimedWords {
  start: number;
  end: number;
}

export interface ContourSource {
  /** The source line's track, frames from the line's start. */
  track: ProsodyTrack;
  /** Recognised words, seconds from the line's start (may be empty). */
  words: readonly TimedWords[];
  /** The speaker's median F0: the contour is carried relative to it. */
  speakerHz: number;
}

export interface ContourTarget {
  /** The synthesised line's own track. */
  track: ProsodyTrack;
  /** Synthesised word times (may be empty). */
  words: readonly TimedWords[];
  /** Questions keep their final rise. */
  isQuestion: boolean;
}

/**
 * The source line's intonation and loudness laid on the dubbed line: each dubbed frame looks up
 * the source at the matching moment (word for word in proportion, by time where words are
 * unknown), takes its pitch relative to the speaker's median (smoothed to syllables) and its
 * level relative to the line (smoothed to words), and asks for that on the speaker's median.
 */
export function transferContour(source: ContourSource, target: ContourTarget): ShapingPlan {
  const sourcePitch = smooth(bridgeGaps(semitoneContour(source.track, source.speakerHz)), PITCH_SMOOTH_FRAMES);
  const sourceLevel = relativeLevel(source.track);
  const targetLevel = relativeLevel(target.track);
  const ownHz = quantileOf(voicedHz(target.track), 0.5);
  const ownPitch = semitoneContour(target.track, ownHz);
  const levelGap = clampAbs(12 * Math.log2(source.speakerHz / ownHz), MAX_LEVEL_SHIFT_SEMITONES);
  const toSource = timeMap(source, target);
  const frames = target.track.f0Hz.length;
  const f0Hz = new Float32Array(frames);
  const gainDb = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const at = toSource(i * target.track.hopSeconds) / source.track.hopSeconds;
    const own = ownPitch[i]!;
    if (!Number.isNaN(own)) {
      let wanted = valueAt(sourcePitch, at);
      if (Number.isNaN(wanted)) wanted = own;
      if (target.isQuestion && i >= frames * (1 - QUESTION_TAIL)) wanted = Math.max(wanted, own);
      // The contour moves the voice around its own pitch; the level gap brings it to the speaker's.
      const shift = clampAbs(wanted - own, MAX_CONTOUR_SHIFT_SEMITONES) + levelGap;
      f0Hz[i] = target.track.f0Hz[i]! * 2 ** (shift / 12);
    }
    if (!Number.isNaN(targetLevel[i]!)) gainDb[i] = clampAbs(valueAt(sourceLevel, at) - targetLevel[i]!, MAX_GAIN_DB);
  }
  return { f0Hz, gainDb };
}

/** Level relative to the line's mean over its active frames, smoothed; NaN where quiet. */
function relativeLevel(track: ProsodyTrack): Float64Array {
  let loudest = -Infinity;
  for (const db of track.energyDb) loudest = Math.max(loudest, db);
  const active = Float64Array.from(track.energyDb, (db) => (db > loudest - ACTIVE_RANGE_DB ? db : Number.NaN));
  let sum = 0;
  let count = 0;
  for (const db of active) {
    if (Number.isNaN(db)) continue;
    sum += db;
    count++;
  }
  const meanDb = count > 0 ? sum / count : 0;
  const smoothed = smooth(bridgeGaps(active.map((db) => db - meanDb)), LEVEL_SMOOTH_FRAMES);
  return smoothed.map((db, i) => (Number.isNaN(active[i]!) ? Number.NaN : db));
}

/**
 * Dubbed time -> source time. With words on both sides, dubbed word j of M stands for the
 * source words j*N/M .. (j+1)*N/M; otherwise the two lines are matched end to end.
 */
function timeMap(source: ContourSource, target: ContourTarget): (seconds: number) => number {
  const sourceSeconds = source.track.f0Hz.length * source.track.hopSeconds;
  const targetSeconds = target.track.f0Hz.length * target.track.hopSeconds;
  const anchors: [number, number][] = [[0, 0]];
  const n = source.words.length;
  const m = target.words.length;
  if (n > 0 && m > 0) {
    target.words.forEach((word, j) => {
      const first = source.words[Math.min(n - 1, Math.floor((j * n) / m))]!;
      const last = source.words[Math.min(n - 1, Math.max(0, Math.ceil(((j + 1) * n) / m) - 1))]!;
      anchors.push([word.start, first.start], [word.end, last.end]);
    });
  }
  anchors.push([targetSeconds, sourceSeconds]);
  const monotone: [number, number][] = [];
  for (const anchor of anchors.sort((a, b) => a[0] - b[0])) {
    const previous = monotone.at(-1);
    if (!previous || (anchor[0] > previous[0] && anchor[1] >= previous[1])) monotone.push(anchor);
  }
  return (seconds) => {
    const next = monotone.findIndex(([t]) => t >= seconds);
    if (next <= 0) return monotone[Math.max(0, next)]![1];
    const [t0, s0] = monotone[next - 1]!;
    const [t1, s1] = monotone[next]!;
    return s0 + ((s1 - s0) * (seconds - t0)) / Math.max(1e-9, t1 - t0);
  };
}

function clampAbs(value: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, value));
}
