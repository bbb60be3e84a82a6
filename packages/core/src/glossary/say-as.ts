import type { LanguageCode } from '../languages.js';
import { termTarget, type Glossary } from './glossary.js';

/** A word of the target text and how the voice says it instead (a respelling in that language). */
export interface Pronunciation {
  word: string;
  sayAs: string;
}

/** Languages written without spaces between words: a word is found anywhere in the text. */
const UNSPACED: ReadonlySet<LanguageCode> = new Set(['cmn', 'yue', 'jpn']);

/**
 * How the glossary's terms are spoken in `target`: each term's form in that language (its
 * translation, or itself when kept) with its respelling. Whatever language the glossary was
 * written from: a name kept is the same word in any dub.
 */
export function pronunciationsFor(glossary: Glossary | undefined, target: LanguageCode): Pronunciation[] {
  if (!glossary) return [];
  return glossary.terms.flatMap((term) => {
    const word = termTarget(term, target);
    const sayAs = term.sayAs?.[target];
    return word !== undefined && sayAs !== undefined && word.trim() !== '' ? [{ word, sayAs }] : [];
  });
}

/**
 * The text as the voice is to read it: each word of the lexicon replaced by its respelling,
 * longest first (so "SQL Server" wins over "SQL"), as a whole word in any case (anywhere in
 * languages written without spaces). Returns the text and the words it respelled.
 */
export function respell(
  text: string,
  lexicon: readonly Pronunciation[],
  language: LanguageCode,
): { text: string; said: Pronunciation[] } {
  if (lexicon.length === 0) return { text, said: [] };
  const byLength = [...lexicon].sort((a, b) => b.word.length - a.word.length);
  const sayAs = new Map(byLength.map((entry) => [entry.word.toLowerCase(), entry.sayAs]));
  const words = byLength.map((entry) => escapeRegExp(entry.word)).join('|');
  const pattern = UNSPACED.has(language)
    ? new RegExp(`(${words})`, 'giu')
    : new RegExp(`(?<![\\p{L}\\p{N}])(${words})(?![\\p{L}\\p{N}])`, 'giu');
  const said = new Map<string, Pronunciation>();
  const respelled = text.replace(pattern, (found: string) => {
    const replacement = sayAs.get(found.toLowerCase()) ?? found;
    said.set(found.toLowerCase(), { word: found, sayAs: replacement });
    return replacement;
  });
  return { text: respelled, said: [...said.values()] };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
