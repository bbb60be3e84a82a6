/** Below this absolute amplitude a sample counts as silence (-50 dBFS). */
const THRESHOLD = 0.003;
const KEEP_SECONDS = 0.02;

/**
 * Removes leading and trailing silence, keeping a few milliseconds, so a line's length is
 * its speech and the timing fit does not stretch silence.
 */
export function trimSilence(
  samples: Float32Array,
  sampleRate: number,
): { samples: Float32Array; offsetSeconds: number } {
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) < THRESHOLD) first++;
  if (first === samples.length) return { samples: new Float32Array(0), offsetSeconds: 0 };
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]!) < THRESHOLD) last--;
  const keep = Math.round(KEEP_SECONDS * sampleRate);
  const start = Math.max(0, first - keep);
  const end = Math.min(samples.length, last + 1 + keep);
  return { samples: samples.slice(start, end), offsetSeconds: start / sampleRate };
}
