import type { Cue } from '@voxlate/shared';
import type { CueRules } from './cue-rules.js';
import { breakCost, joinWords, subtitleWords, widthOf, type SubtitleWord } from './subtitle-words.js';

/** Where each piece of a line's text is heard: the time its first character starts. */
export type TimeOfCharacter = (characterIndex: number) => number;

/** What one more cue costs against fuller ones: fewer cues win unless balance gains a lot. */
const CUE_COST = 60;
/** A cue of one word in a line of several: allowed only when nothing else fits. */
const ORPHAN_COST = 400;
/** Two lines are lopsided when the shorter is under this share of the longer. */
const LOPSIDED = 0.4;
/** A cue gone before it can be read (under `minSeconds`, with the next cue right after it). */
const QUICK_COST = 300;

/**
 * Cuts one line of speech into cues a viewer can read: each one or two balanced lines of at
 * most `maxLineChars`, never breaking a word across lines or cues, at most `maxSeconds` long,
 * no cue of one orphan word; among the cuts that keep these, the one with the fewest, most
 * even cues, ending at phrase ends where they fall well. Each cue's times come from where its
 * text is spoken (`timeAt`); a cue too short to read is held up to `minSeconds` or its reading
 * time (never past `limit`, the next line's start).
 */
export function splitCues(
  text: string,
  span: { start: number; end: number; limit: number },
  timeAt: TimeOfCharacter,
  rules: CueRules,
): Cue[] {
  const words = subtitleWords(text.trim(), rules);
  if (words.length === 0) return [];
  const offsetBase = text.length - text.trimStart().length;
  const timeOf = (to: number): number => (to < words.length ? timeAt(offsetBase + words[to]!.offset) : span.end);
  const startOf = (from: number): number => (from === 0 ? span.start : timeOf(from));
  const groups = bestGroups(words, rules, (from, to) => timeOf(to) - startOf(from));
  const cues = groups.map(({ from, to }) => ({
    start: startOf(from),
    end: timeOf(to),
    text: layoutOf(words.slice(from, to), rules) ?? joinWords(words.slice(from, to)),
  }));
  return holdForReading(cues, span.limit, rules);
}

/**
 * The cut into cues (groups of consecutive words) of least cost, by dynamic programming over
 * where each cue ends: each cue must lay out in the lines allowed and last no longer than
 * `maxSeconds` (a single word always may: it cannot be cut further).
 */
function bestGroups(
  words: readonly SubtitleWord[],
  rules: CueRules,
  secondsOf: (from: number, to: number) => number,
): { from: number; to: number }[] {
  const room = rules.maxLineChars * rules.maxLines;
  const best: { cost: number; from: number }[] = [{ cost: 0, from: -1 }];
  for (let to = 1; to <= words.length; to++) {
    best[to] = { cost: Number.POSITIVE_INFINITY, from: -1 };
    for (let from = to - 1; from >= 0; from--) {
      const group = words.slice(from, to);
      const width = widthOf(joinWords(group));
      const single = group.length === 1;
      if (!single && (width > room || secondsOf(from, to) > rules.maxSeconds)) break;
      if (!single && layoutOf(group, rules) === undefined) continue;
      const orphan = single && words.length > 1 ? ORPHAN_COST : 0;
      // A cue followed by another in the same line cannot be held: it must be long enough itself.
      const tooQuick = to < words.length && secondsOf(from, to) < rules.minSeconds ? QUICK_COST : 0;
      const cost =
        best[from]!.cost +
        CUE_COST +
        (width * width) / room +
        orphan +
        tooQuick +
        breakCost(words[to - 1]!, words[to], rules);
      if (cost < best[to]!.cost) best[to] = { cost, from };
    }
  }
  const groups: { from: number; to: number }[] = [];
  for (let to = words.length; to > 0; to = best[to]!.from) groups.unshift({ from: best[to]!.from, to });
  return groups;
}

/**
 * The cue's words as one line when they fit, else two lines as even as they can be (a phrase
 * end or a good break preferred), both within the limit; undefined when no two lines fit.
 */
export function layoutOf(words: readonly SubtitleWord[], rules: CueRules): string | undefined {
  const whole = joinWords(words);
  if (widthOf(whole) <= rules.maxLineChars) return whole;
  if (rules.maxLines < 2) return undefined;
  let best: { text: string; score: number } | undefined;
  for (let split = 1; split < words.length; split++) {
    const first = joinWords(words.slice(0, split));
    const second = joinWords(words.slice(split).map((word, i) => (i === 0 ? { ...word, spaced: false } : word)));
    const [a, b] = [widthOf(first), widthOf(second)];
    if (a > rules.maxLineChars || b > rules.maxLineChars) continue;
    // A phrase end is worth some imbalance, never a short line beside a long one.
    const lopsided = Math.min(a, b) < LOPSIDED * Math.max(a, b) ? 20 : 0;
    const score = Math.abs(a - b) + lopsided + breakCost(words[split - 1]!, words[split], rules);
    if (!best || score < best.score) best = { text: `${first}\n${second}`, score };
  }
  return best?.text;
}

/**
 * A cue shorter than `minSeconds`, or faster to read than `maxCharsPerSecond`, stays up longer
 * into the silence after it, never past the next cue or `limit`, and never past `maxSeconds`.
 */
export function holdForReading(cues: Cue[], limit: number, rules: CueRules): Cue[] {
  return cues.map((cue, i) => {
    const characters = cue.text.replace(/\s/g, '').length;
    const wanted = Math.min(rules.maxSeconds, Math.max(rules.minSeconds, characters / rules.maxCharsPerSecond));
    const ceiling = Math.min(cues[i + 1]?.start ?? limit, limit);
    const end = Math.max(cue.end, Math.min(cue.start + wanted, ceiling));
    return { ...cue, end };
  });
}
