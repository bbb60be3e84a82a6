/** What ffmpeg's loudnorm measured in its first pass. */
export interface LoudnessMeasurement {
  inputI: number;
  inputTp: number;
  inputLra: number;
  inputThresh: number;
  targetOffset: number;
}

/** Pulls the JSON block loudnorm prints at the end of stderr. */
export function parseLoudnormOutput(stderr: string): LoudnessMeasurement | undefined {
  const start = stderr.lastIndexOf('{');
  const end = stderr.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    const json = JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>;
    const measurement = {
      inputI: Number(json['input_i']),
      inputTp: Number(json['input_tp']),
      inputLra: Number(json['input_lra']),
      inputThresh: Number(json['input_thresh']),
      targetOffset: Number(json['target_offset']),
    };
    return Object.values(measurement).every(Number.isFinite) ? measurement : undefined;
  } catch {
    return undefined;
  }
}

/**
 * loudnorm's second pass: linear gain to the target when the measurement allows it (ffmpeg
 * falls back to its dynamic mode by itself when the true-peak ceiling would be broken).
 */
export function loudnormFilter(
  target: { lufs: number; truePeakDb: number },
  measured: LoudnessMeasurement | undefined,
): string {
  const base = `loudnorm=I=${target.lufs}:TP=${target.truePeakDb}:LRA=11`;
  if (!measured) return base;
  return (
    `${base}:measured_I=${measured.inputI}:measured_TP=${measured.inputTp}` +
    `:measured_LRA=${measured.inputLra}:measured_thresh=${measured.inputThresh}` +
    `:offset=${measured.targetOffset}:linear=true`
  );
}
