/** Level per frame in dB full scale (a silent frame gives SILENCE_DB). */
export interface EnergyTrack {
  hopSeconds: number;
  db: Float32Array;
}

export const SILENCE_DB = -100;

/** RMS level of 25 ms frames every `hopSeconds`, centred like the pitch track's frames. */
export function trackEnergy(samples: Float32Array, sampleRate: number, hopSeconds = 0.01): EnergyTrack {
  const frames = Math.max(0, Math.floor(samples.length / sampleRate / hopSeconds));
  const half = Math.round(0.0125 * sampleRate);
  const db = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const centre = Math.round(i * hopSeconds * sampleRate);
    const from = Math.max(0, centre - half);
    const to = Math.min(samples.length, centre + half);
    let sum = 0;
    for (let k = from; k < to; k++) sum += samples[k]! * samples[k]!;
    const power = to > from ? sum / (to - from) : 0;
    db[i] = power > 1e-10 ? 10 * Math.log10(power) : SILENCE_DB;
  }
  return { hopSeconds, db };
}
