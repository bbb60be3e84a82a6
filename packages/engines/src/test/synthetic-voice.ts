/** Test signals with a known pitch: tones, and a vowel (a glottal pulse train through two formants). */
export function tone(hz: number, seconds: number, sampleRate: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, n) => amplitude * Math.sin((2 * Math.PI * hz * n) / sampleRate),
  );
}

/** A steady vowel /a/ at `hz` (or gliding from hz to `toHz`): pulses through resonators at 700 and 1200 Hz. */
export function syntheticVowel(hz: number, seconds: number, sampleRate: number, toHz = hz): Float32Array {
  const length = Math.round(seconds * sampleRate);
  const pulses = new Float32Array(length);
  let phase = 0;
  for (let n = 0; n < length; n++) {
    const f0 = hz + ((toHz - hz) * n) / length;
    phase += f0 / sampleRate;
    if (phase >= 1) {
      phase -= 1;
      pulses[n] = 1;
    }
  }
  let out = resonate(pulses, 700, 90, sampleRate);
  out = resonate(out, 1200, 110, sampleRate);
  let peak = 0;
  for (const value of out) peak = Math.max(peak, Math.abs(value));
  return out.map((value) => (0.5 * value) / peak);
}

function resonate(input: Float32Array, centreHz: number, bandwidthHz: number, sampleRate: number): Float32Array {
  const r = Math.exp((-Math.PI * bandwidthHz) / sampleRate);
  const a1 = 2 * r * Math.cos((2 * Math.PI * centreHz) / sampleRate);
  const a2 = -r * r;
  const out = new Float32Array(input.length);
  for (let n = 0; n < input.length; n++) out[n] = input[n]! + a1 * (out[n - 1] ?? 0) + a2 * (out[n - 2] ?? 0);
  return out;
}
