/** The timbre match never moves a band by more than this (dB): a tilt, not a new voice. */
export const MAX_TIMBRE_DB = 6;

/**
 * The per-band correction that brings the voice's long-term spectrum to the speaker's: the
 * difference of the two shapes (each less its own mean, so loudness is left alone), smoothed
 * over neighbouring bands and clamped.
 */
export function timbreCorrection(speakerDb: readonly number[], voiceDb: readonly number[]): number[] {
  const shape = (spectrum: readonly number[]): number[] => {
    const mean = spectrum.reduce((a, b) => a + b, 0) / spectrum.length;
    return spectrum.map((db) => db - mean);
  };
  const wanted = shape(speakerDb);
  const have = shape(voiceDb);
  const difference = wanted.map((db, i) => db - have[i]!);
  return difference.map((_, i) => {
    const around = difference.slice(Math.max(0, i - 1), i + 2);
    const smoothed = around.reduce((a, b) => a + b, 0) / around.length;
    return Math.max(-MAX_TIMBRE_DB, Math.min(MAX_TIMBRE_DB, smoothed));
  });
}
