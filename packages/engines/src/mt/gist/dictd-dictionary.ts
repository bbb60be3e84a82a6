import { readFile } from 'node:fs/promises';
import { DictzipReader } from './dictzip.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** dictd's index numbers are base64 digits, most significant first. */
export function decodeDictdNumber(text: string): number {
  let value = 0;
  for (const char of text) value = value * 64 + BASE64.indexOf(char);
  return value;
}

/**
 * A FreeDict dictionary in dictd format (`.index` + `.dict.dz`), as Debian installs it.
 * The index is held in memory; entries are read on demand and cached.
 */
export class DictdDictionary {
  private readonly cache = new Map<string, string | undefined>();

  private constructor(
    private readonly index: Map<string, [number, number][]>,
    private readonly data: DictzipReader,
  ) {}

  static async open(basePath: string): Promise<DictdDictionary> {
    const [indexText, data] = await Promise.all([
      readFile(`${basePath}.index`, 'utf8'),
      DictzipReader.open(`${basePath}.dict.dz`),
    ]);
    return new DictdDictionary(parseIndex(indexText), data);
  }

  has(headword: string): boolean {
    return this.index.has(headword.toLowerCase());
  }

  /** The most likely translation of a headword, or undefined. */
  async translate(headword: string): Promise<string | undefined> {
    const key = headword.toLowerCase();
    if (this.cache.has(key)) return this.cache.get(key);
    const locations = this.index.get(key) ?? [];
    const entries = await Promise.all(locations.map(([offset, length]) => this.data.read(offset, length)));
    const best = bestTranslation(entries);
    this.cache.set(key, best);
    return best;
  }
}

function parseIndex(text: string): Map<string, [number, number][]> {
  const index = new Map<string, [number, number][]>();
  for (const line of text.split('\n')) {
    const [word, offset, length] = line.split('\t');
    if (!word || !offset || !length || word.startsWith('00database')) continue;
    const key = word.toLowerCase();
    const list = index.get(key) ?? [];
    list.push([decodeDictdNumber(offset), decodeDictdNumber(length)]);
    index.set(key, list);
  }
  return index;
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
