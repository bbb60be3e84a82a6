import { readFile } from 'node:fs/promises';
import { DictdIndex } from './dictd-index.js';
import { DictzipReader } from './dictzip.js';

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
  ) {}

  static async open(basePath: string): Promise<DictdDictionary> {
    const [indexText, data] = await Promise.all([
      readFile(`${basePath}.index`, 'utf8'),
      DictzipReader.open(`${basePath}.dict.dz`),
    ]);
    return new DictdDictionary(DictdIndex.parse(indexText), data);
  }

  has(headword: string): boolean {
    return this.index.has(headword);
  }

  /** The most likely translation of a headword, or undefined. */
  async translate(headword: string): Promise<string | undefined> {
    const key = headword.toLowerCase();
    if (this.cache.has(key)) return this.cache.get(key);
    const locations = this.index.locations(key);
    const entries = await Promise.all(locations.map(([offset, length]) => this.data.read(offset, length)));
    const best = bestTranslation(entries);
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(key, best);
    return best;
  }

  async close(): Promise<void> {
    await this.data.close();
  }
}

/**
 * FreeDict entries are "headword /ipa/\ntranslation, alternative <pos> [domain]\n examples".
 * With no frequencies to go by, the sense with the most usage examples is taken as the
 * common one, and senses tagged with a specialist domain come last.
 */
export function bestTranslation(entries: readonly string[]): string | undefined {
  const scored = entries
    .map((entry, order) => {
      const lines = entry.split('\n');
      const isExample = (line: string): boolean => /^\s+".*"\s+-\s+/.test(line);
      const sense = (lines.slice(1).find((line) => line.trim() !== '' && !isExample(line)) ?? '').trim();
      const examples = lines.filter(isExample).length;
      const specialist = /\[[^\]]+\.\]/.test(sense) ? 1 : 0;
      return { text: firstAlternative(sense), examples, specialist, order };
    })
    .filter((candidate) => candidate.text !== '' && !/[+]|\w\.\d/.test(candidate.text));
  scored.sort((a, b) => a.specialist - b.specialist || b.examples - a.examples || a.order - b.order);
  return scored[0]?.text;
}

function firstAlternative(sense: string): string {
  const cleaned = sense
    .replace(/^\d+\.\s*/, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\([^)]*\)/g, '')
    .trim();
  return (cleaned.split(/[,;]/)[0] ?? '').trim();
}
