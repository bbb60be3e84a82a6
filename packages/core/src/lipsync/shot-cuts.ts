import { median } from '../voice/track-math.js';

/** A cut needs at least this mean luma change (0-255) between two frames, whatever the motion. */
const MIN_CUT_DIFFERENCE = 25;
/** ... and this many times the typical change of the recent frames (motion, noise, pans). */
const CUT_OVER_TYPICAL = 4;
/** How many recent frame-to-frame changes set what is typical. */
const HISTORY = 12;

/**
 * Finds shot cuts in a stream of frames, each given as a small luma thumbnail (the same size
 * every time; 64x36 is plenty): a frame is a cut when its mean absolute difference from the
 * previous one is large both in itself and against the recent frames' (so a fast pan or a noisy
 * picture does not cut, a change of camera does). The face tracker re-detects at every cut: a
 * face tracked across a cut would move the mouth onto the wrong place.
 */
export class CutDetector {
  private previous: Uint8Array | undefined;
  private readonly recent: number[] = [];

  /** Whether this frame starts a new shot (the first frame always does). */
  push(thumbnail: Uint8Array): boolean {
    const previous = this.previous;
    this.previous = thumbnail;
    if (!previous || previous.length !== thumbnail.length) return true;
    const difference = meanAbsoluteDifference(previous, thumbnail);
    // Nothing recent yet (the shot's second frame): any big change counts.
    const typical = this.recent.length > 0 ? median(this.recent) : 0;
    this.recent.push(difference);
    if (this.recent.length > HISTORY) this.recent.shift();
    return difference >= MIN_CUT_DIFFERENCE && difference >= CUT_OVER_TYPICAL * typical;
  }
}

function meanAbsoluteDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / Math.max(1, a.length);
}
