import type { LipSyncLine } from './lip-sync-types.js';
import { VISEME_SHAPES, visemeOf, visemesAt, type MouthShape, type Viseme } from './visemes.js';

/** The mouth each frame of a dubbed line should show, and whether the lips must meet there. */
export interface WantedMouth {
  shape: MouthShape;
  /** p, b, m: the lips close completely, whatever the neighbours do. */
  closure: boolean;
}

/**
 * The wanted mouth at each frame of `[firstFrame, firstFrame + count)`: from the dubbed speech's
 * phonemes (visemes) where the voice gave them, else from its loudness. Neighbouring frames
 * are blended (coarticulation: the mouth is already on its way to the next sound), except
 * that bilabial closures stay shut: a p that does not close is what gives a dub away.
 */
export function wantedMouths(line: LipSyncLine, fps: number, firstFrame: number, count: number): WantedMouth[] {
  // Rounded to the microsecond: 24 / 10 - 2 is 0.3999999999999999, a frame early.
  const times = Array.from({ length: count }, (_, i) => Math.round(((firstFrame + i) / fps - line.start) * 1e6) / 1e6);
  const loudness = line.loudness;
  const raw =
    line.phonemes.length > 0
      ? withShortClosures(visemesAt(line.phonemes, times).map(fromViseme), line, times).map((mouth, i) =>
          loudness ? withLoudness(mouth, loudness[i] ?? 0) : mouth,
        )
      : times.map((_, i) => fromLoudness(loudness?.[i] ?? 0));
  const blended = raw.map((mouth, i) => {
    if (mouth.closure) return mouth;
    const before = raw[i - 1] ?? mouth;
    const after = raw[i + 1] ?? mouth;
    return { closure: false, shape: blend([before.shape, mouth.shape, after.shape], [0.25, 0.5, 0.25]) };
  });
  return withFullRange(blended);
}

/** The share of a line's open frames that reach its widest wanted mouth. */
const WIDE_QUANTILE = 0.9;
/** Where that quantile is put on the speaker's own scale (their wide-open mouth is 1). */
const WIDE_OPENNESS = 0.9;
/** At most this much wider than the visemes ask: a whispered line stays a small mouth. */
const MAX_STRETCH = 2.5;

/**
 * The line's openings stretched so its loudest vowels open as wide as the speaker opens: visemes
 * times loudness, blended with their neighbours, left most frames of a line nearly shut (0.2-0.4
 * of the speaker's range), where the bank's mouths barely differ, so the mouth hardly moved with
 * the voice. Closures stay shut.
 */
function withFullRange(mouths: WantedMouth[]): WantedMouth[] {
  const open = mouths
    .filter((mouth) => !mouth.closure)
    .map((mouth) => mouth.shape.openness)
    .sort((a, b) => a - b);
  const wide = open[Math.min(open.length - 1, Math.floor(WIDE_QUANTILE * open.length))] ?? 0;
  if (wide < 0.05) return mouths;
  const stretch = Math.min(MAX_STRETCH, Math.max(1, WIDE_OPENNESS / wide));
  return mouths.map((mouth) =>
    mouth.closure
      ? mouth
      : { ...mouth, shape: { ...mouth.shape, openness: Math.min(1, mouth.shape.openness * stretch) } },
  );
}

/**
 * A p, b or m shorter than a frame can fall between two frame times and be missed: such a
 * closure closes the lips of the frame nearest its middle.
 */
function withShortClosures(mouths: WantedMouth[], line: LipSyncLine, times: readonly number[]): WantedMouth[] {
  const result = [...mouths];
  const frameSpan = times.length > 1 ? times[1]! - times[0]! : Infinity;
  for (const p of line.phonemes) {
    if (visemeOf(p.phoneme) !== 'PP' || times.some((t) => t >= p.start && t < p.end)) continue;
    const middle = (p.start + p.end) / 2;
    let nearest = -1;
    times.forEach((t, i) => {
      if (nearest < 0 || Math.abs(t - middle) < Math.abs(times[nearest]! - middle)) nearest = i;
    });
    if (nearest >= 0 && Math.abs(times[nearest]! - middle) <= frameSpan) result[nearest] = fromViseme('PP');
  }
  return result;
}

function fromViseme(viseme: Viseme): WantedMouth {
  return { shape: VISEME_SHAPES[viseme], closure: viseme === 'PP' };
}

/** Below this level (of the line's loud frames) the voice is silent: the lips rest. */
const SILENT = 0.06;

/**
 * A viseme's opening scaled by how loud the dubbed voice is at that frame: the jaw opens with
 * the voice's energy (a stressed vowel wider than an unstressed one), and a pause the phoneme
 * timings missed closes the mouth.
 */
function withLoudness(mouth: WantedMouth, level: number): WantedMouth {
  if (mouth.closure) return mouth;
  if (level < SILENT) return fromViseme('sil');
  const openness = mouth.shape.openness * (0.4 + 0.6 * Math.min(1, level));
  return { ...mouth, shape: { ...mouth.shape, openness } };
}

/** Louder speech opens the mouth further; a quiet frame is a resting mouth. */
function fromLoudness(level: number): WantedMouth {
  const openness = level < SILENT ? 0 : Math.min(1, level);
  return { shape: { openness, width: 0.5, rounding: 0 }, closure: false };
}

function blend(shapes: readonly MouthShape[], weights: readonly number[]): MouthShape {
  const sum = (pick: (shape: MouthShape) => number): number =>
    shapes.reduce((total, shape, i) => total + weights[i]! * pick(shape), 0);
  return { openness: sum((s) => s.openness), width: sum((s) => s.width), rounding: sum((s) => s.rounding) };
}
