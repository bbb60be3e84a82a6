/**
 * Register labels the dictionaries put on senses that a neutral gloss must not use.
 * FreeDict (eng-deu): "[vulg.]", "[pej.]", "[oft pej.]", "[euphem.]", "[slang]", "[derb]";
 * FreeDict's Wiktionary-based dictionaries (eng-jpn) and CC-CEDICT: English words in the gloss,
 * "(vulgar)", "(slang)", "offensive term for ...", "(derog.)".
 */
const OFFENSIVE_BRACKET = /\[[^\]]*\b(?:vulg|pej|euphem)\.\]|\[[^\]]*\b(?:derb|crude|vulgär|abwertend)\]/i;
const OFFENSIVE_WORD = /\b(?:vulgar|offensive|derogatory|derog\.|pejorative|obscene|slur|taboo|euphemism)(?![\p{L}])/iu;
const SLANG = /\[[^\]]*\bslang\]|\bslang(?![\p{L}])/iu;

/** True when a sense or entry is marked vulgar, offensive or derogatory: unfit in any of its senses. */
export function hasOffensiveRegister(text: string): boolean {
  return OFFENSIVE_BRACKET.test(text) || OFFENSIVE_WORD.test(text);
}

/** True when a sense is marked vulgar, offensive, derogatory or slang: not a sense to gloss with. */
export function hasUnfitRegister(text: string): boolean {
  return hasOffensiveRegister(text) || SLANG.test(text);
}

/**
 * The lines of a FreeDict entry that describe it, without the headword line (the headword may
 * itself be "offensive") and without usage examples, notes and cross-references (they quote
 * ordinary sentences that may contain any word).
 */
export function describingLines(entry: string): string[] {
  return entry
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .filter((line) => !/^\s+".*"\s+-\s+/.test(line) && !/^\s*(?:Note|Synonyms?|see|Antonyms?):/i.test(line));
}
