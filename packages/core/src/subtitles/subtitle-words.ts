import type { CueRules } from './cue-rules.js';

/** A word of a subtitle's text, with the punctuation after it: lines and cues break only between words. */
export interface SubtitleWord {
  text: string;
  /** The word's first character's index in the text (for its time). */
  offset: number;
  /** A space stands between it and the word before (spaced scripts, or Latin inside CJK). */
  spaced: boolean;
}

/** Japanese particles and auxiliaries a line may end on (a break after them reads naturally). */
const JAPANESE_PARTICLE = /(?:は|が|を|に|で|と|も|の|へ|や|か|ね|よ|から|まで|より|ので|けど|ても|って)$/u;
const HIRAGANA_START = /^[\u3041-\u309f]/u;
/** A phrase ends after these (Latin, CJK full-width, Greek question mark, Arabic comma). */
export const PHRASE_END = /[,.;:!?…、。，；：！？\u037E\u060C]$/u;

/**
 * The words of a text: split at spaces in spaced scripts; found by `Intl.Segmenter` in Chinese
 * and Japanese, punctuation kept with the word before it so no line starts with it. A word
 * longer than a whole line (a long run the segmenter could not split) is cut into line-sized
 * pieces, the only case where a line breaks inside a word.
 */
export function subtitleWords(text: string, rules: CueRules): SubtitleWord[] {
  const words = rules.unspaced ? segmentedWords(text, rules.locale) : spacedWords(text);
  return words.flatMap((word) => cutOverlong(word, rules.maxLineChars));
}

function spacedWords(text: string): SubtitleWord[] {
  return [...text.matchAll(/\S+/gu)].map((match) => ({ text: match[0], offset: match.index, spaced: true }));
}

function segmentedWords(text: string, locale: string): SubtitleWord[] {
  const words: SubtitleWord[] = [];
  let spaceBefore = false;
  for (const { segment, index, isWordLike } of new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)) {
    if (/^\s+$/u.test(segment)) {
      spaceBefore = words.length > 0;
      continue;
    }
    const last = words.at(-1);
    if (!isWordLike && last && !spaceBefore) last.text += segment;
    else words.push({ text: segment, offset: index, spaced: spaceBefore });
    spaceBefore = false;
  }
  return words;
}

function cutOverlong(word: SubtitleWord, max: number): SubtitleWord[] {
  const characters = [...word.text];
  if (characters.length <= max) return [word];
  const pieces: SubtitleWord[] = [];
  for (let i = 0, offset = word.offset; i < characters.length; i += max) {
    const text = characters.slice(i, i + max).join('');
    pieces.push({ text, offset, spaced: i === 0 ? word.spaced : false });
    offset += text.length;
  }
  return pieces;
}

/** Words joined as they are written: spaces only where the text had them. */
export function joinWords(words: readonly SubtitleWord[]): string {
  return words.map((word, i) => (i > 0 && word.spaced ? ` ${word.text}` : word.text)).join('');
}

/** A line's width: characters (each CJK character one full-width cell), spaces included. */
export function widthOf(line: string): number {
  return [...line].length;
}

/**
 * How much worse a break after `before` reads (0 neutral, negative better): best at a phrase
 * end; in Japanese, bad before hiragana that does not follow a particle (it is the word's
 * own ending or an auxiliary: 買い|ました).
 */
export function breakCost(before: SubtitleWord, after: SubtitleWord | undefined, rules: CueRules): number {
  if (!after) return 0;
  if (PHRASE_END.test(before.text)) return -8;
  if (rules.locale === 'ja' && HIRAGANA_START.test(after.text) && !JAPANESE_PARTICLE.test(before.text)) return 6;
  return 0;
}
