import type { LipSyncLine } from './lip-sync-types.js';
import { VISEME_SHAPES, visemesAt, type MouthShape, type Viseme } from './visemes.js';

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
  const times = Array.from({ length: count }, (_, i) => (firstFrame + i) / fps - line.start);
  const raw =
    line.phonemes.length > 0
      ? visemesAt(line.phonemes, times).map(fromViseme)
      : times.map((_, i) => fromLoudness(line.loudness?.[i] ?? 0));
  return raw.map((mouth, i) => {
    if (mouth.closure) return mouth;
    const before = raw[i - 1] ?? mouth;
    const after = raw[i + 1] ?? mouth;
    return { closure: false, shape: blend([before.shape, mouth.shape, after.shape], [0.25, 0.5, 0.25]) };
  });
}

function fromViseme(viseme: Viseme): WantedMouth {
  return { shape: VISEME_SHAPES[viseme], closure: viseme === 'PP' };
}

/** Louder speech opens the mouth further; a quiet frame is a resting mouth. */
function fromLoudness(level: number): WantedMouth {
  const openness = level < 0.05 ? 0 : Math.min(1, level);
  return { shape: { openness, width: 0.5, rounding: 0 }, closure: false };
}

function blend(shapes: readonly MouthShape[], weights: readonly number[]): MouthShape {
  const sum = (pick: (shape: MouthShape) => number): number =>
    shapes.reduce((total, shape, i) => total + weights[i]! * pick(shape), 0);
  return { openness: sum((s) => s.openness), width: sum((s) => s.width), rounding: sum((s) => s.rounding) };
}
