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

/** A steady voiced tone with its second harmonic: a crude "voice" whose pitch is known (a cloner's reference). */
export function steadyVoice(
  hz: number,
  seconds = 4,
  sampleRate = 16000,
): { samples: Float32Array; sampleRate: number } {
  const samples = Float32Array.from({ length: seconds * sampleRate }, (_, i) => {
    const t = i / sampleRate;
    return 0.25 * Math.sin(2 * Math.PI * hz * t) + 0.1 * Math.sin(4 * Math.PI * hz * t);
  });
  return { samples, sampleRate };
}

/** Share of the audio's energy in the first two of `bandsHz` (where a tiny cloner puts a low voice). */
export function lowBandShare(audio: { samples: Float32Array; sampleRate: number }, bandsHz: readonly number[]): number {
  const energy = bandsHz.map((hz) => {
    let re = 0;
    let im = 0;
    for (let i = 0; i < audio.samples.length; i++) {
      re += audio.samples[i]! * Math.cos((2 * Math.PI * hz * i) / audio.sampleRate);
      im += audio.samples[i]! * Math.sin((2 * Math.PI * hz * i) / audio.sampleRate);
    }
    return re * re + im * im;
  });
  return (energy[0]! + energy[1]!) / energy.reduce((a, b) => a + b, 0);
}
