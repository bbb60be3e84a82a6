import { quantile } from '../voice/track-math.js';
import type { FaceMeasures } from './face-geometry.js';
import type { MouthShape } from './visemes.js';

/**
 * One speaker's range of mouth movement, from the frames where they were seen talking: how far
 * their lips part, how wide and how rounded they get. It turns raw landmark measures into the
 * 0-1 mouth shapes visemes are described in, so "wide open" means this speaker's wide open.
 */
export interface MouthShapeScale {
  openness: { closed: number; open: number };
  width: { narrow: number; wide: number };
  roundness: { flat: number; round: number };
}

/** The viseme table's width runs over this span; the speaker's own range is laid onto it. */
const WIDTH_SPAN = { narrow: 0.2, wide: 0.75 };

export function mouthShapeScale(measures: readonly FaceMeasures[]): MouthShapeScale {
  const of = (pick: (m: FaceMeasures) => number): number[] => measures.map(pick);
  const openness = of((m) => m.openness);
  const width = of((m) => m.width);
  const roundness = of((m) => m.roundness);
  return {
    openness: { closed: quantile(openness, 0.1), open: quantile(openness, 0.95) },
    width: { narrow: quantile(width, 0.05), wide: quantile(width, 0.95) },
    roundness: { flat: quantile(roundness, 0.05), round: quantile(roundness, 0.95) },
  };
}

/** A face's mouth as a 0-1 shape on the speaker's own scale. */
export function scaledShape(measures: FaceMeasures, scale: MouthShapeScale): MouthShape {
  const { openness, width, roundness } = scale;
  const share = (value: number, low: number, high: number): number =>
    high - low > 1e-9 ? clamp01((value - low) / (high - low)) : 0;
  return {
    openness: share(measures.openness, openness.closed, openness.open),
    width: WIDTH_SPAN.narrow + (WIDTH_SPAN.wide - WIDTH_SPAN.narrow) * share(measures.width, width.narrow, width.wide),
    rounding: share(measures.roundness, roundness.flat, roundness.round),
  };
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value));
}
