import type { PitchMark } from './pitch-marks.js';

/**
 * Time-domain pitch-synchronous overlap-add (Moulines & Charpentier, 1990), duration kept:
 * synthesis marks are laid out at the analysis marks' own spacing (to the next mark) divided by
 * the wanted pitch ratio, and each takes the two-period, Hann-windowed grain of the analysis mark nearest in
 * time. Scaling the marks' own spacing (rather than stepping at an absolute wanted period) keeps
 * the voice's period-to-period variation, and at a ratio of 1 puts every grain back where it was:
 * stepping at the tracker's period instead drifted off the marks, and the grains repeated or
 * skipped made an unshaped SVOX Pico line 8 WER points harder to understand. Where the ratio is 0
 * or the mark is unvoiced, the analysis spacing is kept (the sound is copied).
 *
 * @param pitchRatio wanted F0 over the voice's own at a sample position (0: keep the original).
 */
export function psola(
  samples: Float32Array,
  marks: readonly PitchMark[],
  pitchRatio: (sample: number) => number,
): Float32Array {
  const out = new Float32Array(samples.length);
  if (marks.length === 0) return out;
  let nearest = 0;
  let previousVoiced = false;
  for (let at = marks[0]!.at; at < samples.length;) {
    while (nearest + 1 < marks.length && Math.abs(marks[nearest + 1]!.at - at) <= Math.abs(marks[nearest]!.at - at)) {
      nearest++;
    }
    const mark = marks[nearest]!;
    // Voicing starts on its first mark (the unvoiced steps before it fall anywhere): otherwise
    // every grain of the stretch is laid off its place by up to half a step, and a voice asked
    // for its own pitch comes back shifted against itself.
    if (mark.voiced && !previousVoiced && mark.at > at - mark.period) at = Math.max(at, mark.at);
    previousVoiced = mark.voiced;
    addGrain(samples, out, mark, at);
    const ratio = mark.voiced ? pitchRatio(at) : 0;
    // The spacing to the next mark: kept (or at a ratio of 1) the next grain lands exactly on it.
    const next = marks[nearest + 1];
    const spacing = next ? Math.max(1, next.at - mark.at) : mark.period;
    at += ratio > 0 ? spacing / ratio : spacing;
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
