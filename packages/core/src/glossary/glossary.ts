import type { LanguageCode } from '../languages.js';

/**
 * A term a creator wants translated one way every time: its translation into each language it
 * names, or kept as it is in all of them (names, brands).
 */
export interface GlossaryTerm {
  source: string;
  /** Kept as written here in every target (a name, a brand): no translation needed. */
  keep?: boolean;
  targets: Partial<Record<LanguageCode, string>>;
  /**
   * How the term is spoken in each target: a respelling in that language ("sequel" for SQL),
   * given to every synthesiser instead of the term (the subtitles keep the term).
   */
  sayAs?: Partial<Record<LanguageCode, string>>;
}

export interface Glossary {
  /** The language its terms are written in (the dub's source language). */
  sourceLanguage: LanguageCode;
  terms: GlossaryTerm[];
}

/** What a term becomes in one target: its translation, or itself when kept. */
export function termTarget(term: GlossaryTerm, target: LanguageCode): string | undefined {
  return term.keep ? term.source : term.targets[target];
}

/** The terms that say something for this pair: kept ones, and those with a translation into `target`. */
export function termsFor(
  glossary: Glossary | undefined,
  pair: { source: LanguageCode; target: LanguageCode },
): GlossaryTerm[] {
  if (!glossary || glossary.sourceLanguage !== pair.source) return [];
  return glossary.terms.filter((term) => termTarget(term, pair.target) !== undefined);
}
