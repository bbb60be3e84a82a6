import { readFile } from 'node:fs/promises';
import { DictdIndex } from './dictd-index.js';
import { DictzipReader } from './dictzip.js';
import { cleanAlternative } from './gloss-cleaning.js';
import { describingLines, hasUnfitRegister } from './sense-register.js';

/** Translations remembered per dictionary: the common words of a few hours of speech. */
const MAX_CACHED = 20_000;

/**
 * A FreeDict dictionary in dictd format (`.index` + `.dict.dz`), as Debian installs it.
 * The index is held in memory (compactly); entries are read on demand, and the translations
 * of the most recent words are remembered (a bounded number).
 */
export class DictdDictionary {
  private readonly cache = new Map<string, string | undefined>();

  private constructor(
    private readonly index: DictdIndex,
    private readonly data: DictzipReader,
    private readonly accept: GlossFilter,
  ) {}

  /** Opens a dictionary whose translations must all pass `accept` (the target language's offensive list). */
  static async open(basePath: string, accept: GlossFilter = () => true): Promise<DictdDictionary> {
    const [indexText, data] = await Promise.all([
      readFile(`${basePath}.index`, 'utf8'),
      DictzipReader.open(`${basePath}.dict.dz`),
    ]);
    return new DictdDictionary(DictdIndex.parse(indexText), data, accept);
  }

  has(headword: string): boolean {
    return this.index.has(headword);
  }

  /** The most likely fit translation of a headword, or undefined. */
  async translate(headword: string): Promise<string | undefined> {
    const key = headword.toLowerCase();
    if (this.cache.has(key)) return this.cache.get(key);
    const locations = this.index.locations(key);
    const entries = await Promise.all(locations.map(([offset, length]) => this.data.read(offset, length)));
    const best = bestTranslation(entries, this.accept);
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(key, best);
    return best;
  }

  async close(): Promise<void> {
    await this.data.close();
  }
}

/** Accepts or refuses a candidate gloss (a word of the offensive list is refused). */
export type GlossFilter = (gloss: string) => boolean;

/**
 * FreeDict entries are "headword /ipa/\ntranslation, alternative <pos> [domain]\n examples",
 * sometimes with numbered senses ("1. bitte, zob\n2. coq"). With no frequencies to go by, the
 * sense with the most usage examples is taken as the common one, senses tagged with a
 * specialist domain come last, and entries marked vulgar, slang, pejorative or offensive are
 * never used: a word that is vulgar in one sense is risky in all. Within a sense the first
 * alternative that is clean and accepted wins.
 */
export function bestTranslation(entries: readonly string[], accept: GlossFilter = () => true): string | undefined {
  const scored = entries
    .filter((entry) => !hasUnfitRegister(describingLines(entry).join('\n')))
    .map((entry, order) => {
      const senses = senseLines(entry);
      const examples = entry.split('\n').filter(isExample).length;
      const specialist = /\[[^\]]+\.\]/.test(senses[0] ?? '') ? 1 : 0;
      const text = senses.flatMap(alternatives).find(accept) ?? '';
      return { text, examples, specialist, order };
    })
    .filter((candidate) => candidate.text !== '');
  scored.sort((a, b) => a.specialist - b.specialist || b.examples - a.examples || a.order - b.order);
  return scored[0]?.text;
}

const isExample = (line: string): boolean => /^\s+".*"\s+-\s+/.test(line);

/** The first sense line, and the further numbered senses when the first is numbered. */
function senseLines(entry: string): string[] {
  const lines = entry.split('\n').slice(1);
  const first = lines.find((line) => line.trim() !== '' && !isExample(line))?.trim() ?? '';
  if (!/^\d+\.\s/.test(first)) return [first];
  return lines.map((line) => line.trim()).filter((line) => /^\d+\.\s/.test(line));
}

/** The cleaned alternatives of one sense, in the dictionary's order. */
function alternatives(sense: string): string[] {
  const stripped = sense
    .replace(/^\d+\.\s*/, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\([^)]*\)/g, '')
    .trim();
  return stripped.split(/[,;]/).flatMap((part) => cleanAlternative(part.trim()) ?? []);
}
