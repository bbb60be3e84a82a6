import {
  activeLevels,
  bridgeGaps,
  loudestDb,
  meanLevel,
  median,
  semitoneContour,
  smooth,
  valueAt,
  voicedValues,
} from './track-math.js';
import type { ProsodyTrack, ShapingPlan } from './voice-types.js';

/**
 * The intonation laid on stays within this many semitones of the voice's own (PSOLA stays clean).
 * eSpeak's own contour often runs against the speaker's, so a tight clamp keeps part of it: on
 * held-out speech 5 gave pitch r 0.43, 6 gave 0.48, 7 gave 0.55 and 8 gave 0.60; 8 cost
 * 6.7 points of WER against the plain voice (7: 5.2).
 */
export const MAX_CONTOUR_SHIFT_SEMITONES = 7;
/** The voice's level may move further to reach the speaker when the engine could not be set to it. */
const MAX_LEVEL_SHIFT_SEMITONES = 12;
/** Lines trail off and swell by 10-15 dB; +-6 dB followed them worse (eval level r 0.45 against 0.52). */
const MAX_GAIN_DB = 9;
/**
 * A line louder or softer than its speaker's others is dubbed so by as much, within this (a
 * line's level from a second of speech can be off: a mic bumped, a laugh).
 */
const MAX_LINE_LOUDNESS_DB = 10;
/**
 * Each dubbed line is first brought to one level (the mean of its active frames, dB), so that how
 * much louder it is than the voice's other lines is the source line's rise over its speaker's,
 * not also the voice's: a synthetic voice reads one line 1-2 dB louder than the next for no
 * reason the source gave, as much as a speaker's lines differ in a conversation.
 */
const LINE_LEVEL_DB = -22;
const MAX_LEVELLING_DB = 8;
/** Pitch is carried at ~100 ms resolution (syllables), level at ~200 ms (words, emphasis). */
const PITCH_SMOOTH_FRAMES = 9;
const LEVEL_SMOOTH_FRAMES = 19;
/** Share of the end of a question where the voice's own rise is kept if the source's is lower. */
const QUESTION_TAIL = 0.3;
const ACTIVE_RANGE_DB = 40;

export interface ContourSource {
  /** The source line's track, frames from the line's start. */
  track: ProsodyTrack;
  /** The speaker's median F0: the contour is carried relative to it. */
  speakerHz: number;
  /** How much louder the source line is than its speaker's lines on average, dB (absent: as loud). */
  lineLoudnessDb?: number;
}

export interface ContourTarget {
  /** The synthesised line's own track. */
  track: ProsodyTrack;
  /** Questions keep their final rise. */
  isQuestion: boolean;
}

/**
 * The source line's intonation and loudness laid on the dubbed line: each dubbed frame looks up
 * the source at the matching moment of its voiced stretch, takes its pitch relative to the speaker's median (smoothed to syllables) and its
 * level relative to the line (smoothed to words), and asks for that on the speaker's median; the
 * whole line is made as much louder or softer than the voice's others as the source line is.
 */
export function transferContour(source: ContourSource, target: ContourTarget): ShapingPlan {
  const sourcePitch = smooth(
    bridgeGaps(withoutOctaveJumps(semitoneContour(source.track, source.speakerHz))),
    PITCH_SMOOTH_FRAMES,
  );
  const sourceLevel = bridgeGaps(relativeLevel(source.track));
  const targetLevel = relativeLevel(target.track);
  const ownHz = median(voicedValues(target.track.f0Hz));
  const ownPitch = semitoneContour(target.track, ownHz);
  const levelGap = clampAbs(12 * Math.log2(source.speakerHz / ownHz), MAX_LEVEL_SHIFT_SEMITONES);
  // Pitch is carried across the voiced stretches of the two lines, level across their active ones.
  const pitchTime = timeMap(voicedSpan(source.track), voicedSpan(target.track));
  const levelTime = timeMap(activeSpan(source.track), activeSpan(target.track));
  const frames = target.track.f0Hz.length;
  const f0Hz = new Float32Array(frames);
  const gainDb = new Float32Array(frames);
  const lineGain =
    source.lineLoudnessDb === undefined
      ? 0
      : clampAbs(source.lineLoudnessDb, MAX_LINE_LOUDNESS_DB) + levelling(target.track);
  for (let i = 0; i < frames; i++) {
    const at = pitchTime(i * target.track.hopSeconds) / source.track.hopSeconds;
    const own = ownPitch[i]!;
    if (!Number.isNaN(own)) {
      let wanted = valueAt(sourcePitch, at);
      if (Number.isNaN(wanted)) wanted = own;
      if (target.isQuestion && i >= frames * (1 - QUESTION_TAIL)) wanted = Math.max(wanted, own);
      // The contour moves the voice around its own pitch; the level gap brings it to the speaker's.
      const shift = clampAbs(wanted - own, MAX_CONTOUR_SHIFT_SEMITONES) + levelGap;
      f0Hz[i] = target.track.f0Hz[i]! * 2 ** (shift / 12);
    }
    const gain =
      valueAt(sourceLevel, levelTime(i * target.track.hopSeconds) / source.track.hopSeconds) - targetLevel[i]!;
    // Quiet frames of the dub (and of the source, bridged over) keep their place in the line.
    gainDb[i] = (Number.isFinite(gain) ? clampAbs(gain, MAX_GAIN_DB) : 0) + lineGain;
  }
  return { f0Hz: atLineLevel(f0Hz, source), gainDb };
}

/** What brings the dubbed line to `LINE_LEVEL_DB`, its level taken as its source line's is (0 for a silent line). */
function levelling(track: ProsodyTrack): number {
  const level = meanLevel(activeLevels(track));
  return level === undefined ? 0 : clampAbs(LINE_LEVEL_DB - level, MAX_LEVELLING_DB);
}

/** A frame this far (semitones) from the line's median pitch is a tracking error (octave jump), not intonation. */
const OCTAVE_JUMP_SEMITONES = 8;

function withoutOctaveJumps(contour: Float64Array): Float64Array {
  const middle = median(Array.from(contour).filter((value) => !Number.isNaN(value)));
  return contour.map((value) => (Math.abs(value - middle) > OCTAVE_JUMP_SEMITONES ? Number.NaN : value));
}

/**
 * How much of a line's own pitch level (its median against the speaker's) is carried, in log
 * frequency. A line's median from a second or two of speech carries the tracker's slips and creak
 * as well as the speaker's intent, so not all of it is laid on: carrying all put 79 % of the
 * eval's lines within 10 % of their speaker's F0, half 100 % but narrowed a speaker's range to
 * 0.78 of theirs, 0.7 gives 86 % with every range ratio 0.80 or more.
 */
const LINE_LEVEL_SHARE = 0.7;

/**
 * Moves the whole line so that its median pitch is the speaker's plus part of the source line's
 * own rise or fall (the clamps and the bridging of unvoiced gaps can pull it off otherwise).
 */
function atLineLevel(f0Hz: Float32Array, source: ContourSource): Float32Array {
  const planned = median(voicedValues(f0Hz));
  const line = median(voicedValues(source.track.f0Hz));
  if (!(planned > 0) || !(line > 0)) return f0Hz;
  const wanted = source.speakerHz * (line / source.speakerHz) ** LINE_LEVEL_SHARE;
  const ratio = wanted / planned;
  return f0Hz.map((f0) => f0 * ratio);
}

/** Level relative to the line's mean over its active frames, smoothed; NaN where quiet (and everywhere if all is). */
function relativeLevel(track: ProsodyTrack): Float64Array {
  const loudest = loudestDb(track.energyDb);
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
 * Dubbed time -> source time: a stretch of each line (voiced, or active) laid end to end. Matching
 * word j of M to source words j*N/M.. was tried and carried the intonation worse across
 * languages (eval pitch r 0.22 against 0.46 for Spanish dubs of English): word order and word
 * lengths differ too much between languages for a proportional word match.
 */
function timeMap(
  [sourceFirst, sourceLast]: [number, number],
  [targetFirst, targetLast]: [number, number],
): (seconds: number) => number {
  const scale = (sourceLast - sourceFirst) / Math.max(1e-9, targetLast - targetFirst);
  return (seconds) => sourceFirst + (Math.min(targetLast, Math.max(targetFirst, seconds)) - targetFirst) * scale;
}

/** Seconds of the first and last voiced frame (the whole track when none is voiced). */
function voicedSpan(track: ProsodyTrack): [number, number] {
  return spanWhere(track, track.f0Hz, (f0) => f0 > 0);
}

/** Seconds of the first and last frame within the active range of the loudest (the whole track when silent). */
function activeSpan(track: ProsodyTrack): [number, number] {
  const loudest = loudestDb(track.energyDb);
  return spanWhere(track, track.energyDb, (db) => db > loudest - ACTIVE_RANGE_DB);
}

function spanWhere(track: ProsodyTrack, values: Float32Array, keep: (value: number) => boolean): [number, number] {
  const first = values.findIndex(keep);
  if (first < 0) return [0, values.length * track.hopSeconds];
  return [first * track.hopSeconds, values.findLastIndex(keep) * track.hopSeconds];
}

function clampAbs(value: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, value));
}
