/**
 * What can be measured offline about one dubbed line itself (not its text): whether it can be
 * understood, whether it fits its time, whether it sounds like its speaker. Each part has its
 * value and a plain verdict; the line's score is its worst part's, so the lines to listen to
 * first are the lowest.
 */
export interface LineCheck {
  /** 0 (redo it) to 1 (fine): the lowest of the parts measured. */
  score: number;
  verdict: CheckVerdict;
  /** The dubbed line recognised back and compared with its text (where a recogniser for the language is installed). */
  intelligibility?: { wordErrorRate: number; heard: string; engine: string; verdict: string };
  fit: { tempo: number; overflowSeconds: number; verdict: string };
  /** How alike the dubbed voice and the speaker's own sound (where a speaker-embedding model is installed). */
  likeness?: { similarity: number; engine: string; verdict: string };
}

/**
 * 'good': heard back, nothing to hear; 'timed': nothing wrong was found, but nobody heard it
 * back (no recogniser for its language here), so it is not called good; 'listen': worth a
 * listen; 'redo': likely wrong (re-dub or edit it).
 */
export type CheckVerdict = 'good' | 'timed' | 'listen' | 'redo';

/** A line at or above this score is good; below the second, it should be redone. */
const GOOD = 0.75;
const LISTEN = 0.5;
/** Up to this speed-up a line sounds natural; at the cap it is squeezed. */
const NATURAL_TEMPO = 1.1;

export function verdictOf(score: number): CheckVerdict {
  return score >= GOOD ? 'good' : score >= LISTEN ? 'listen' : 'redo';
}

/** Intelligibility from the word error rate of the line heard back: 0 errors 1, half the words wrong 0.5. */
export function intelligibilityOf(
  wordErrorRate: number,
  heard: string,
  engine: string,
): { part: NonNullable<LineCheck['intelligibility']>; score: number } {
  const score = clamp01(1 - wordErrorRate);
  const verdict = wordErrorRate <= 0.25 ? 'clear' : wordErrorRate <= 0.5 ? 'unclear in places' : 'hard to understand';
  return { part: { wordErrorRate: round(wordErrorRate), heard, engine, verdict }, score };
}

/**
 * Fit from the line's tempo and overflow: natural up to 1.1x, then down to 0.6 at the tempo cap;
 * a line running over the next one loses more with each tenth of a second (0.3 s over: 0.4).
 */
export function fitCheckOf(
  fit: { tempo: number; overflow: number } | undefined,
  tempoCap: number,
): { part: LineCheck['fit']; score: number } {
  const tempo = fit?.tempo ?? 1;
  const overflow = fit?.overflow ?? 0;
  const squeeze =
    tempo <= NATURAL_TEMPO ? 0 : Math.min(1, (tempo - NATURAL_TEMPO) / Math.max(0.01, tempoCap - NATURAL_TEMPO));
  const score = clamp01(1 - 0.4 * squeeze - 2 * overflow);
  const verdict = overflow > 0.05 ? 'runs over the next line' : squeeze > 0 ? 'sped up to fit' : 'natural pace';
  return { part: { tempo: round(tempo), overflowSeconds: round(overflow), verdict }, score };
}

/** Likeness from the speaker-embedding similarity: 0.5 and above 1 (as good clones score), 0.1 and below 0. */
export function likenessOf(
  similarity: number,
  engine: string,
): { part: NonNullable<LineCheck['likeness']>; score: number } {
  const score = clamp01((similarity - 0.1) / 0.4);
  const verdict =
    similarity >= 0.5 ? 'like the speaker' : similarity >= 0.3 ? 'somewhat like the speaker' : 'unlike the speaker';
  return { part: { similarity: round(similarity), engine, verdict }, score };
}

/** The line's check from its parts: the lowest score decides. */
export function lineCheck(parts: {
  fit: ReturnType<typeof fitCheckOf>;
  intelligibility?: ReturnType<typeof intelligibilityOf>;
  likeness?: ReturnType<typeof likenessOf>;
}): LineCheck {
  const scores = [parts.fit.score, parts.intelligibility?.score, parts.likeness?.score].flatMap((s) => s ?? []);
  const score = round(Math.min(...scores));
  const verdict = verdictOf(score);
  return {
    score,
    verdict: verdict === 'good' && !parts.intelligibility ? 'timed' : verdict,
    ...(parts.intelligibility ? { intelligibility: parts.intelligibility.part } : {}),
    fit: parts.fit.part,
    ...(parts.likeness ? { likeness: parts.likeness.part } : {}),
  };
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
