import { LANGUAGES, type LanguageCode } from '../languages.js';
import type { Segment } from '../timeline.js';

/**
 * Below this mean word confidence over a whole recording, the recogniser understood little of
 * it. Measured with pocketsphinx (en-us) on real recordings: clear English sentences 0.55-0.70
 * (librivox 0.70, TIMIT sa1 0.67, a radio amateur 0.55); single English words 0.50; real speech
 * in French, German, Russian, Greek, Catalan and Galician 0.23-0.45; narrowband English radio
 * (codec2's cq_ref) 0.27, which the warning names as the other cause.
 */
export const DOUBTFUL_MEAN_CONFIDENCE = 0.45;
/** Fewer words say too little about a whole recording. */
const ENOUGH_WORDS = 15;

/** How well the recognised words fit the source language, over the whole recording. */
export interface LanguageFit {
  words: number;
  meanConfidence: number;
}

/** The recognised words' mean confidence; undefined when the recogniser gives none, or too few words were heard. */
export function languageFitOf(segments: readonly Segment[]): LanguageFit | undefined {
  const confidences = segments.flatMap((segment) => segment.words.flatMap((word) => word.confidence ?? []));
  if (confidences.length < ENOUGH_WORDS) return undefined;
  const meanConfidence = confidences.reduce((sum, value) => sum + value, 0) / confidences.length;
  return { words: confidences.length, meanConfidence };
}

/** Whether the speech may not be in the language it was recognised as. */
export function speechMayBeElsewhere(fit: LanguageFit | undefined): boolean {
  return fit !== undefined && fit.meanConfidence < DOUBTFUL_MEAN_CONFIDENCE;
}

/** The warning a doubtful recording gets: what was measured, and what the creator can do. */
export function languageDoubtWarning(language: LanguageCode, fit: LanguageFit): string {
  const name = LANGUAGES[language].name;
  return (
    `The speech may not be ${name}: the recogniser was unsure of most of it (mean word confidence ` +
    `${fit.meanConfidence.toFixed(2)} over ${fit.words} words; clear ${name} speech scores 0.55 or more), so the lines ` +
    `are not flagged one by one. If it is in another language, name that language as the source (source_language, ` +
    `--from), give its subtitles as the source text, or install a Whisper model (npm run models -- add whisper-small) ` +
    `and choose "auto" to have the language detected. If it is ${name}, the recording may be hard to hear: ` +
    `check the original text of each line.`
  );
}
