import { MIN_VOICED_SECONDS } from './line-prosody.js';
import { activeLevels, meanLevel, quantile, roundTo, voicedValues } from './track-math.js';
import type { LineProsody, ProsodyTrack, SpeakerVoice } from './voice-types.js';

/** Below this much voiced speech a speaker's pitch and timbre are not trusted. */
export const MIN_SPEAKER_VOICED_SECONDS = 2;

/** One line of a speaker as the profile needs it. */
export interface MeasuredLine {
  track: ProsodyTrack;
  prosody: LineProsody;
  /** Power spectrum per band of the line's voiced frames (linear, summed), if measured. */
  spectrumDb?: number[];
  /** Median F1, F2, F3 of the line's voiced frames, if measured. */
  formantsHz?: number[];
}

/** The speaker measured over all of their lines: pitch pooled over every voiced frame, rate and pauses as medians. */
export function speakerProfile(speaker: string, lines: readonly MeasuredLine[]): Omit<SpeakerVoice, 'voice'> {
  const f0 = lines.flatMap((line) => voicedValues(line.track.f0Hz));
  const voicedSeconds = lines.reduce((sum, line) => sum + line.prosody.voicedSeconds, 0);
  const loudnessDb = meanLevel(lines.flatMap((line) => activeLevels(line.track)));
  const rates = lines.flatMap((line) => line.prosody.syllablesPerSecond ?? []);
  const pauses = lines.flatMap((line) => line.prosody.pauses.map((pause) => pause.seconds));
  const profile: Omit<SpeakerVoice, 'voice'> = { speaker, voicedSeconds: roundTo(voicedSeconds, 2) };
  if (voicedSeconds >= MIN_VOICED_SECONDS) {
    profile.f0MedianHz = roundTo(quantile(f0, 0.5), 1);
    profile.f0RangeSemitones = roundTo(12 * Math.log2(quantile(f0, 0.9) / quantile(f0, 0.1)), 1);
  }
  if (loudnessDb !== undefined) profile.loudnessDb = roundTo(loudnessDb, 1);
  if (rates.length > 0) profile.syllablesPerSecond = roundTo(quantile(rates, 0.5), 1);
  if (pauses.length > 0) profile.pauseSeconds = roundTo(quantile(pauses, 0.5), 1);
  const spectrum = averageSpectrum(lines.flatMap((line) => (line.spectrumDb ? [line.spectrumDb] : [])));
  if (spectrum) {
    profile.spectrumDb = spectrum.map((db) => roundTo(db, 1));
    profile.spectralTiltDbPerOctave = roundTo(spectralTilt(spectrum), 1);
  }
  const formants = lines.flatMap((line) => (line.formantsHz ? [line.formantsHz] : []));
  if (formants.length > 0 && voicedSeconds >= MIN_SPEAKER_VOICED_SECONDS) {
    profile.formantsHz = [0, 1, 2].map((k) =>
      Math.round(
        quantile(
          formants.map((line) => line[k]!),
          0.5,
        ),
      ),
    );
  }
  return profile;
}

/** Power average of spectra given in dB. */
function averageSpectrum(spectra: readonly number[][]): number[] | undefined {
  if (spectra.length === 0) return undefined;
  return spectra[0]!.map((_, band) => {
    const power = spectra.reduce((sum, spectrum) => sum + 10 ** (spectrum[band]! / 10), 0) / spectra.length;
    return 10 * Math.log10(power);
  });
}

/**
 * Slope of the spectrum over the bands (dB per octave), by least squares on log2 of the band
 * index (bands are a third of an octave apart): a plain measure of voice quality.
 */
function spectralTilt(spectrumDb: readonly number[]): number {
  const xs = spectrumDb.map((_, i) => i / 3);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = spectrumDb.reduce((a, b) => a + b, 0) / spectrumDb.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (spectrumDb[i]! - my);
    sxx += (x - mx) ** 2;
  });
  return sxx > 0 ? sxy / sxx : 0;
}
