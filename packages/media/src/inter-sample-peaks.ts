import { fractionalDelayRows } from './windowed-sinc.js';

/** Taps on each side of an interpolated point: enough for speech and music peaks within 0.1 dB. */
const HALF_TAPS = 8;
/**
 * Points between samples are worked out only where a neighbour comes within this factor of
 * the level that matters (6 dB): a band-limited signal's peak between two samples rises a
 * few dB over them at most, so quieter stretches cannot reach it, and most audio is skipped.
 */
const NEAR_SHARE = 0.5;

/**
 * The peak of each frame of a stream, counting the points between it and the next frame as an
 * oversampling meter would see them (every channel; the largest magnitude). Pushed in
 * interleaved chunks; the peaks come out `HALF_TAPS` frames late (each needs the frames after
 * it), and `flush` gives the last ones, so as many peaks come out as frames went in.
 */
export class InterSamplePeaks {
  private readonly rows: Float32Array[];
  /** Frames kept for the interpolation window: (HALF_TAPS - 1) behind, HALF_TAPS ahead. */
  private carry: Float32Array;

  constructor(
    private readonly channels: number,
    factor: number,
  ) {
    this.rows = fractionalDelayRows(factor, HALF_TAPS);
    this.carry = new Float32Array((HALF_TAPS - 1) * channels);
  }

  /**
   * The peaks of the frames whose window is now complete. Points between samples are worked out
   * only where a neighbour reaches `near` x `level`; elsewhere the frame's own samples stand.
   */
  push(chunk: Float32Array, level: number): Float32Array {
    const channels = this.channels;
    const work = new Float32Array(this.carry.length + chunk.length);
    work.set(this.carry);
    work.set(chunk, this.carry.length);
    const frames = work.length / channels;
    const first = HALF_TAPS - 1;
    const last = frames - HALF_TAPS - 1;
    const count = Math.max(0, last - first + 1);
    const peaks = new Float32Array(count);
    const near = NEAR_SHARE * level;
    for (let i = 0; i < count; i++) {
      const frame = first + i;
      let loud = false;
      let peak = 0;
      for (let c = 0; c < channels; c++) {
        const here = Math.abs(work[frame * channels + c]!);
        if (here > peak) peak = here;
        if (here >= near || Math.abs(work[(frame + 1) * channels + c]!) >= near) loud = true;
      }
      peaks[i] = loud ? this.peakAt(work, frame, near) : peak;
    }
    this.carry = work.slice((first + count - (HALF_TAPS - 1)) * channels);
    return peaks;
  }

  /** The peaks of the last frames, their window closed with silence. */
  flush(level: number): Float32Array {
    return this.push(new Float32Array(HALF_TAPS * this.channels), level);
  }

  private peakAt(work: Float32Array, frame: number, near: number): number {
    const channels = this.channels;
    let peak = 0;
    for (let c = 0; c < channels; c++) {
      const here = Math.abs(work[frame * channels + c]!);
      const next = Math.abs(work[(frame + 1) * channels + c]!);
      if (here > peak) peak = here;
      if (here < near && next < near) continue;
      const start = (frame - HALF_TAPS + 1) * channels + c;
      for (const row of this.rows) {
        let sum = 0;
        for (let t = 0; t < row.length; t++) sum += row[t]! * work[start + t * channels]!;
        const magnitude = Math.abs(sum);
        if (magnitude > peak) peak = magnitude;
      }
    }
    return peak;
  }
}
