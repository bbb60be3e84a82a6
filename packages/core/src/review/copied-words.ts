import type { LanguageCode } from '../languages.js';

/**
 * Whether words are words of a language, from a dictionary the installation has (Apertium's
 * analysers); undefined for a language it has none for.
 */
export interface Lexicon {
  known(language: LanguageCode, words: readonly string[]): Promise<ReadonlySet<string> | undefined>;
}

/** Languages not written in Latin letters: a Latin word in their text is left from the source. */
const NON_LATIN: ReadonlySet<LanguageCode> = new Set(['cmn', 'yue', 'jpn', 'kor', 'rus', 'ell']);
/** Shorter words are too often words of both languages ("no", "me", "a") to say anything. */
const MIN_LETTERS = 3;

/**
 * Words of the source line copied into its translation that may be left untranslated: in both
 * texts (ignoring case), letters only, not a name (capitalised in the source past its first
 * word), not an acronym (two capitals or more) and not a term the glossary keeps. Lower-case, each once.
 */
export function copiedWords(source: string, target: string, kept: readonly string[] = []): string[] {
  const keep = new Set(kept.flatMap((term) => wordsOf(term)).map((word) => word.toLowerCase()));
  const inTarget = new Set(wordsOf(target).map((word) => word.toLowerCase()));
  const copied = new Set<string>();
  wordsOf(source).forEach((word, i) => {
    const lower = word.toLowerCase();
    if ([...lower].length < MIN_LETTERS || !inTarget.has(lower) || keep.has(lower)) return;
    if (i > 0 && /^\p{Lu}/u.test(word)) return;
    if (isAcronym(word)) return;
    copied.add(lower);
  });
  return [...copied];
}

/**
 * The copied words that are not words of the target language: any Latin word in a language
 * written otherwise, else those its dictionary does not know. Without a dictionary for a
 * Latin-script target nothing is said (German "Computer" is German): the engine's own marks stay.
 */
export async function untranslatedCopies(
  copied: readonly string[],
  target: LanguageCode,
  lexicon: Lexicon | undefined,
): Promise<string[]> {
  if (copied.length === 0) return [];
  if (NON_LATIN.has(target)) return copied.filter((word) => /\p{Script=Latin}/u.test(word));
  const known = await lexicon?.known(target, copied);
  if (!known) return [];
  return copied.filter((word) => !known.has(word));
}

/** An acronym (WAL, CRC, IDs: two capitals or more) is kept as written in any language: not untranslated. */
export function isAcronym(word: string): boolean {
  return (word.match(/\p{Lu}/gu)?.length ?? 0) >= 2;
}

function wordsOf(text: string): string[] {
  return text.match(/[\p{L}'’-]+/gu)?.filter((word) => /\p{L}/u.test(word)) ?? [];
}
