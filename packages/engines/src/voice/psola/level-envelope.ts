import { SILENCE_DB, trackEnergy } from '../../dsp/frame-energy.js';

/** No frame's level is moved by more than this (dB): shaping, not rebuilding. */
const MAX_CORRECTION_DB = 12;
/** Frames quieter than this are left alone (no lifting of silence and breath). */
const ACTIVE_FLOOR_DB = -55;

/**
 * Brings the reshaped audio's level, frame by frame, to the original's level plus the wanted
 * change: PSOLA changes the level when it changes the pitch (more or fewer pulses per second),
 * and the source line's loudness envelope is laid on at the same time.
 */
export function matchLevel(
  shaped: Float32Array,
  originalDb: Float32Array,
  gainDb: Float32Array | undefined,
  sampleRate: number,
  hopSeconds: number,
): Float32Array {
  const now = trackEnergy(shaped, sampleRate, hopSeconds).db;
  const correction = new Float32Array(now.length);
  for (let i = 0; i < now.length; i++) {
    const original = originalDb[i] ?? SILENCE_DB;
    if (original < ACTIVE_FLOOR_DB || now[i]! <= SILENCE_DB) continue;
    const wanted = original + (gainDb?.[i] ?? 0) - now[i]!;
    correction[i] = Math.max(-MAX_CORRECTION_DB, Math.min(MAX_CORRECTION_DB, wanted));
  }
  const smooth = smooth3(correction);
  const out = new Float32Array(shaped.length);
  const hop = hopSeconds * sampleRate;
  for (let n = 0; n < shaped.length; n++) {
    const position = n / hop;
    const i = Math.min(smooth.length - 1, Math.floor(position));
    const next = Math.min(smooth.length - 1, i + 1);
    const db = i < 0 ? 0 : smooth[i]! + (smooth[next]! - smooth[i]!) * (position - i);
    out[n] = shaped[n]! * 10 ** (db / 20);
  }
  return out;
}

function smooth3(values: Float32Array): Float32Array {
  return values.map((value, i) => ((values[i - 1] ?? value) + value + (values[i + 1] ?? value)) / 3);
}
