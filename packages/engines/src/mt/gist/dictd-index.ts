import { decodeDictdNumber } from './dictd-number.js';

/**
 * A dictd `.index` held compactly: each lower-cased headword maps to its first entry, entries
 * with the same headword are chained, and offsets and lengths live in typed arrays. The eng-deu
 * index (10.8 MB of text, 460,000 lines) took about 180 MB as a Map of tuple arrays; this way
 * it takes a fraction of that.
 */
export class DictdIndex {
  private constructor(
    private readonly first: Map<string, number>,
    private readonly next: Int32Array,
    private readonly offsets: Uint32Array,
    private readonly lengths: Uint32Array,
  ) {}

  static parse(text: string): DictdIndex {
    const lines = text.split('\n');
    const first = new Map<string, number>();
    const last = new Map<string, number>();
    const next = new Int32Array(lines.length).fill(-1);
    const offsets = new Uint32Array(lines.length);
    const lengths = new Uint32Array(lines.length);
    let count = 0;
    for (const line of lines) {
      const [word, offset, length] = line.split('\t');
      if (!word || !offset || !length || word.startsWith('00database')) continue;
      const key = word.toLowerCase();
      offsets[count] = decodeDictdNumber(offset);
      lengths[count] = decodeDictdNumber(length);
      const previous = last.get(key);
      if (previous === undefined) first.set(key, count);
      else next[previous] = count;
      last.set(key, count);
      count++;
    }
    return new DictdIndex(first, next, offsets.slice(0, count), lengths.slice(0, count));
  }

  has(headword: string): boolean {
    return this.first.has(headword.toLowerCase());
  }

  /** Where each entry of a headword is in the `.dict` data, in index order. */
  locations(headword: string): [offset: number, length: number][] {
    const found: [number, number][] = [];
    for (let entry = this.first.get(headword.toLowerCase()) ?? -1; entry >= 0; entry = this.next[entry]!) {
      found.push([this.offsets[entry]!, this.lengths[entry]!]);
    }
    return found;
  }
}
