import type { Segment, Word } from '../timeline.js';
import type { ReviewFlag, ReviewWord } from './review-flag.js';

export interface ReviewOptions {
  /** The highest speed-up allowed (a line at it was squeezed as far as it goes). */
  tempoCap: number;
  /** A recognised word under this confidence is flagged as unsure. */
  unsureBelow: number;
  /** False when the whole recording may not be in the source language (one warning says so instead). */
  flagUnsure?: boolean;
}

/**
 * For recognisers that give a confidence but no judgement of their own (Whisper's token
 * probability): a word under it is flagged. Pocketsphinx judges its words itself, by the same
 * threshold on its posterior (held-out real speech: recall 56-61 %, precision 83-93 %; see
 * `npm run eval -- --only review`).
 */
export const DEFAULT_UNSURE_BELOW = 0.5;

/** Everything about a line a creator should check before publishing, from what the stages recorded. */
export function reviewFlagsOf(segment: Segment, options: ReviewOptions): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  const unsure = options.flagUnsure === false ? [] : unsureWords(segment, options.unsureBelow);
  if (unsure.length > 0) flags.push({ reason: 'unsure-words', words: unsure });
  const untranslated = untranslatedWords(segment);
  if (untranslated.length > 0) flags.push({ reason: 'untranslated', words: untranslated });
  if (segment.fit && segment.fit.tempo >= options.tempoCap - 0.005) flags.push({ reason: 'tempo-cap' });
  if (segment.fit && segment.fit.overflow > 0) flags.push({ reason: 'overflow' });
  if (segment.quality === 'gist') flags.push({ reason: 'gist' });
  if (segment.glossaryMissed?.length) {
    const words = segment.glossaryMissed.map((text) => ({ text, start: segment.start, end: segment.end }));
    flags.push({ reason: 'glossary', words });
  }
  return flags;
}

/** The recognised words under the threshold, while the text is still the recogniser's (an edit makes it the creator's). */
function unsureWords(segment: Segment, below: number): ReviewWord[] {
  if (!matchesWords(segment.sourceText, segment.words)) return [];
  // A recogniser that judges its own words (pocketsphinx) is taken at its word; else its confidence.
  const judged = segment.words.some((word) => word.unsure !== undefined);
  return segment.words
    .filter((word) => (judged ? word.unsure === true : word.confidence !== undefined && word.confidence < below))
    .map((word) => ({
      text: word.text,
      start: word.start,
      end: word.end,
      ...(word.confidence === undefined ? {} : { confidence: word.confidence }),
    }));
}

/** Source words left as they were that are still in the dubbed text, at their time in the source when recognised. */
function untranslatedWords(segment: Segment): ReviewWord[] {
  const target = segment.targetText.toLowerCase();
  const kept = [...new Set(segment.untranslated ?? [])].filter((word) => target.includes(word.toLowerCase()));
  return kept.map((text) => {
    const heard = segment.words.find((word) => bare(word.text) === bare(text));
    return { text, start: heard?.start ?? segment.start, end: heard?.end ?? segment.end };
  });
}

function matchesWords(text: string, words: readonly Word[]): boolean {
  const written = text.split(/\s+/u).filter(Boolean).map(bare);
  return (
    words.length > 0 && written.length === words.length && words.every((word, i) => bare(word.text) === written[i])
  );
}

function bare(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
}
