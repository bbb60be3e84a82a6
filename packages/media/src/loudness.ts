/** Integrated loudness and true peak of the mix, as ffmpeg's ebur128 filter measured them. */
export interface LoudnessMeasurement {
  integratedLufs: number;
  truePeakDb: number;
}

/** Headroom kept below the true-peak ceiling, for inter-sample peaks a sample limiter misses. */
const LIMITER_HEADROOM_DB = 1;
/** Never raise quiet mixes by more than this (a near-silent mix would only gain noise). */
const MAX_GAIN_DB = 30;

/** Reads the summary ebur128 prints when it closes: "I: -23.0 LUFS" and the true peak in dBFS. */
export function parseEbur128Summary(stderr: string): LoudnessMeasurement | undefined {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1];
  const peak = /True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  if (integrated === undefined || peak === undefined) return undefined;
  const measurement = { integratedLufs: Number(integrated), truePeakDb: peak === '-inf' ? -Infinity : Number(peak) };
  return Number.isFinite(measurement.integratedLufs) ? measurement : undefined;
}

/**
 * The second pass: one linear gain to the loudness target (EBU R128 integrated), then a
 * limiter holding peaks under the true-peak ceiling. Linear gain keeps the mix's dynamics;
 * only the rare peaks pushed over the ceiling are limited. Without a measurement, ffmpeg's
 * dynamic loudnorm does both in one pass.
 */
export function normaliseFilter(
  target: { lufs: number; truePeakDb: number },
  measured: LoudnessMeasurement | undefined,
): string {
  if (!measured) return `loudnorm=I=${target.lufs}:TP=${target.truePeakDb}:LRA=11`;
  const gain = Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, target.lufs - measured.integratedLufs));
  const ceiling = 10 ** ((target.truePeakDb - LIMITER_HEADROOM_DB) / 20);
  return `volume=${gain.toFixed(2)}dB,alimiter=limit=${ceiling.toFixed(4)}:attack=2:release=60:level=false`;
}
