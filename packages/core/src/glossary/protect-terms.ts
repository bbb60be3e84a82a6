import type { LanguageCode } from '../languages.js';
import { termTarget, type GlossaryTerm } from './glossary.js';

/**
 * A stand-in for a term through translation: letters no language here writes together and a
 * number, which every engine tested passes through as an unknown name (Apertium's three routes
 * from English keep it, capitalised, in place); the term's translation is put in after.
 */
const PLACEHOLDER = (index: number): string => `Zxq${index + 1}`;
const PLACEHOLDER_FOUND = /\bzxq(\d+)\b/giu;

/** English endings a term may take and still be the term: plural, possessive. */
const ENGLISH_ENDINGS = "(?:s|es|'s|’s|s'|s’)?";

export interface ProtectedText {
  /** The text with each term found replaced by its placeholder. */
  text: string;
  /** The terms found, by placeholder index: what each placeholder becomes. */
  placed: { term: GlossaryTerm; target: string }[];
}

/**
 * Finds the glossary's terms in a source line (whole words, any case; in English also with a
 * plural or possessive ending; the longest term first, so "Creator Studio" wins over "Studio")
 * and puts a placeholder in each one's place.
 */
export function protectTerms(
  text: string,
  terms: readonly GlossaryTerm[],
  pair: { source: LanguageCode; target: LanguageCode },
): ProtectedText {
  const placed: ProtectedText['placed'] = [];
  let protectedText = text;
  const longestFirst = [...terms].sort((a, b) => b.source.length - a.source.length);
  for (const term of longestFirst) {
    const target = termTarget(term, pair.target);
    if (target === undefined || term.source.trim() === '') continue;
    const pattern = termPattern(term.source, pair.source);
    if (protectedText.search(pattern) < 0) continue;
    const index = placed.length;
    placed.push({ term, target });
    protectedText = protectedText.replace(pattern, (_match, before: string) => `${before}${PLACEHOLDER(index)}`);
  }
  return { text: protectedText, placed };
}

/**
 * Puts each term's translation where its placeholder came out of the engine; returns the terms
 * whose placeholder did not come out (the engine dropped or broke it), which the line is flagged for.
 */
export function restoreTerms(translated: string, placed: ProtectedText['placed']): { text: string; missed: string[] } {
  const seen = new Set<number>();
  const text = translated.replace(PLACEHOLDER_FOUND, (match, digits: string) => {
    const entry = placed[Number(digits) - 1];
    if (!entry) return match;
    seen.add(Number(digits) - 1);
    return entry.target;
  });
  const missed = placed.filter((_, index) => !seen.has(index)).map((entry) => entry.term.source);
  return { text, missed };
}

/** A term as a whole-word, case-blind pattern; spaces inside it match any spacing. */
function termPattern(source: string, language: LanguageCode): RegExp {
  const words = source.trim().split(/\s+/u).map(escapeRegExp).join('\\s+');
  const ending = language === 'eng' ? ENGLISH_ENDINGS : '';
  // Unspaced scripts (Chinese, Japanese) have no word edges to match: the term as written.
  if (language === 'cmn' || language === 'yue' || language === 'jpn') return new RegExp(`()${words}`, 'gu');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${words}${ending}(?![\\p{L}\\p{N}])`, 'giu');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
