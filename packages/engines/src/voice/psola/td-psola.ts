import type { PitchMark } from './pitch-marks.js';

/**
 * Time-domain pitch-synchronous overlap-add (Moulines & Charpentier, 1990), duration kept:
 * synthesis marks are laid out at the wanted period, and each takes the two-period,
 * Hann-windowed grain of the analysis mark nearest in time. Where the wanted F0 is 0 or the
 * mark is unvoiced, the analysis spacing is kept (the sound is copied).
 *
 * @param targetF0 wanted F0 in Hz at a sample position (0: keep the original).
 */
export function psola(
  samples: Float32Array,
  marks: readonly PitchMark[],
  targetF0: (sample: number) => number,
  sampleRate: number,
): Float32Array {
  const out = new Float32Array(samples.length);
  if (marks.length === 0) return out;
  let nearest = 0;
  for (let at = marks[0]!.at; at < samples.length;) {
    while (nearest + 1 < marks.length && Math.abs(marks[nearest + 1]!.at - at) <= Math.abs(marks[nearest]!.at - at)) {
      nearest++;
    }
    const mark = marks[nearest]!;
    addGrain(samples, out, mark, at);
    const wanted = mark.voiced ? targetF0(at) : 0;
    at += wanted > 0 ? sampleRate / wanted : mark.period;
  }
  return out;
}

function addGrain(samples: Float32Array, out: Float32Array, mark: PitchMark, at: number): void {
  const half = mark.period;
  const centre = Math.round(at);
  for (let k = -half; k <= half; k++) {
    const source = mark.at + k;
    const target = centre + k;
    if (source < 0 || source >= samples.length || target < 0 || target >= out.length) continue;
    const window = 0.5 + 0.5 * Math.cos((Math.PI * k) / (half + 1));
    out[target]! += samples[source]! * window;
  }
}
