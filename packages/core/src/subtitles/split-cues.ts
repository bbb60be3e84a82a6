import type { Cue } from './cue.js';
import type { CueRules } from './cue-rules.js';

/** Where each piece of a line's text is heard: the time its first character starts. */
export type TimeOfCharacter = (characterIndex: number) => number;

/** A phrase ends after these (Latin, CJK full-width, Greek question mark, Arabic comma). */
const PHRASE_END = /[,.;:!?…、。，；：！？\u037E\u060C]$/u;

/**
 * Cuts one line of speech into cues a viewer can read: each at most `maxLines` lines of
 * `maxLineChars`, broken at phrase ends where they fall well, at most `maxSeconds` long; each
 * cue's times come from where its text is spoken (`timeAt`), and a cue too short to read is
 * held up to `minSeconds` (never past `limit`, the next line's start).
 */
export function splitCues(
  text: string,
  span: { start: number; end: number; limit: number },
  timeAt: TimeOfCharacter,
  rules: CueRules,
): Cue[] {
  const tokens = tokensOf(text.trim(), rules.unspaced);
  if (tokens.length === 0) return [];
  const pieces = piecesOf(tokens, span, timeAt, rules);
  const cues = pieces.map((piece, i) => {
    const start = i === 0 ? span.start : timeAt(piece.offset);
    const next = pieces[i + 1];
    const end = next ? timeAt(next.offset) : span.end;
    return { start, end, text: twoLines(piece.tokens, rules) };
  });
  return holdForReading(cues, span.limit, rules);
}

interface Token {
  text: string;
  /** The token's first character's index in the joined text. */
  offset: number;
}

/** Words (with their trailing punctuation), or for unspaced scripts single characters. */
function tokensOf(text: string, unspaced: boolean): Token[] {
  const tokens: Token[] = [];
  const pattern = unspaced ? /\s*(\S)/gu : /\s*(\S+)/gu;
  for (const match of text.matchAll(pattern)) {
    tokens.push({ text: match[1]!, offset: match.index + match[0].length - match[1]!.length });
  }
  return tokens;
}

function joined(tokens: readonly Token[], unspaced: boolean): string {
  return tokens.map((token) => token.text).join(unspaced ? '' : ' ');
}

/**
 * Groups tokens into cues: as many as fit a cue's room and time, ending at the last phrase end
 * when that keeps at least 60 % of them (a cue that ends mid-phrase reads worse than a short one).
 */
function piecesOf(
  tokens: readonly Token[],
  span: { start: number; end: number },
  timeAt: TimeOfCharacter,
  rules: CueRules,
): { tokens: Token[]; offset: number }[] {
  const room = rules.maxLineChars * rules.maxLines;
  const length = (from: number, to: number): number => joined(tokens.slice(from, to), rules.unspaced).length;
  const endTime = (to: number): number => (to < tokens.length ? timeAt(tokens[to]!.offset) : span.end);
  const pieces: { tokens: Token[]; offset: number }[] = [];
  let from = 0;
  while (from < tokens.length) {
    const startTime = from === 0 ? span.start : timeAt(tokens[from]!.offset);
    // `to` is exclusive: the piece grows while it fits the room and the longest time a cue stays.
    let to = from + 1;
    while (to < tokens.length && length(from, to + 1) <= room && endTime(to + 1) - startTime <= rules.maxSeconds) to++;
    let end = to;
    if (to < tokens.length) {
      for (let k = to; k > from; k--) {
        if (!PHRASE_END.test(tokens[k - 1]!.text)) continue;
        if (length(from, k) >= 0.6 * length(from, to)) end = k;
        break;
      }
    }
    pieces.push({ tokens: tokens.slice(from, end), offset: tokens[from]!.offset });
    from = end;
  }
  return pieces;
}

/** The cue's text on one line, or two balanced lines broken at the word nearest the middle (a phrase end preferred). */
function twoLines(tokens: readonly Token[], rules: CueRules): string {
  const whole = joined(tokens, rules.unspaced);
  if (whole.length <= rules.maxLineChars || tokens.length < 2) return whole;
  let best = 1;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let split = 1; split < tokens.length; split++) {
    const first = joined(tokens.slice(0, split), rules.unspaced).length;
    const second = joined(tokens.slice(split), rules.unspaced).length;
    if (first > rules.maxLineChars || second > rules.maxLineChars) continue;
    const phrase = PHRASE_END.test(tokens[split - 1]!.text) ? -8 : 0;
    const score = Math.abs(first - second) + phrase;
    if (score < bestScore) {
      bestScore = score;
      best = split;
    }
  }
  return `${joined(tokens.slice(0, best), rules.unspaced)}\n${joined(tokens.slice(best), rules.unspaced)}`;
}

/**
 * A cue shorter than `minSeconds`, or faster to read than `maxCharsPerSecond`, stays up longer
 * into the silence after it, never past the next cue or `limit`, and never past `maxSeconds`.
 */
function holdForReading(cues: Cue[], limit: number, rules: CueRules): Cue[] {
  return cues.map((cue, i) => {
    const characters = cue.text.replace(/\s/g, '').length;
    const wanted = Math.min(rules.maxSeconds, Math.max(rules.minSeconds, characters / rules.maxCharsPerSecond));
    const ceiling = Math.min(cues[i + 1]?.start ?? limit, limit);
    const end = Math.max(cue.end, Math.min(cue.start + wanted, ceiling));
    return { ...cue, end };
  });
}
