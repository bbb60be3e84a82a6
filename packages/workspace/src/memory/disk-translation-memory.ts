import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isLanguageCode,
  normaliseForMemory,
  similarityOf,
  SUGGESTION_SIMILARITY,
  type LanguageCode,
  type MemoryMatch,
  type RememberedLine,
  type TranslationMemoryPort,
} from '@voxlate/core';
import { writeFileAtomic } from '@voxlate/disk';
import { LIBRARY_FOLDER } from '../workspace-data.js';

/** A remembered line with the id it is listed, found and forgotten by. */
export interface MemoryEntry extends RememberedLine {
  id: string;
}

export interface MemoryFilter {
  sourceLanguage?: LanguageCode;
  targetLanguage?: LanguageCode;
  /** Words the source or the translation contain (case and punctuation ignored). */
  query?: string;
}

type Pair = { source: LanguageCode; target: LanguageCode };

/**
 * The translation memory in the data folder, beside the jobs: one small JSON file per remembered
 * line, in a folder per language pair, named by a hash of the line as normalised, so the same line
 * corrected again replaces its entry, and every write is whole (written aside, then renamed), so
 * services and workers sharing the folder never see half an entry and need no lock (the last
 * correction wins). A pair's entries are read once and kept until its folder changes.
 */
export class DiskTranslationMemory implements TranslationMemoryPort {
  readonly root: string;
  /** Each pair's entries, with their sources as normalised once (every line of every dub is compared to them). */
  private readonly cache = new Map<string, { changed: number; entries: MemoryEntry[]; keys: string[] }>();

  constructor(dataDir: string) {
    this.root = join(dataDir, LIBRARY_FOLDER.memory);
  }

  /** Keeps a creator's translation of a line (an empty line is not worth keeping). */
  async remember(line: Omit<RememberedLine, 'updatedAt'>, at = new Date()): Promise<MemoryEntry | undefined> {
    if (normaliseForMemory(line.source) === '' || line.target.trim() === '') return undefined;
    const pair = { source: line.sourceLanguage, target: line.targetLanguage };
    const folder = this.folderOf(pair);
    await mkdir(folder, { recursive: true });
    const id = `${pair.source}-${pair.target}-${keyOf(line.source)}`;
    const entry: MemoryEntry = {
      ...line,
      source: line.source.trim(),
      target: line.target.trim(),
      updatedAt: at.toISOString(),
      id,
    };
    await writeFileAtomic(join(folder, `${keyOf(line.source)}.json`), JSON.stringify(entry));
    return entry;
  }

  async match(pair: Pair, text: string): Promise<MemoryMatch | undefined> {
    const wanted = normaliseForMemory(text);
    if (wanted === '') return undefined;
    const { entries, keys } = await this.pairOf(pair);
    const exact = keys.indexOf(wanted);
    if (exact >= 0) return { kind: 'exact', line: entries[exact]!, similarity: 1 };
    let best: MemoryMatch | undefined;
    for (const [i, entry] of entries.entries()) {
      const theirs = keys[i]!;
      // Lines whose lengths differ by more than a quarter cannot be 0.75 alike: skipped unread.
      if (Math.min(theirs.length, wanted.length) < SUGGESTION_SIMILARITY * Math.max(theirs.length, wanted.length)) {
        continue;
      }
      const similarity = similarityOf(entry.source, text);
      if (similarity >= SUGGESTION_SIMILARITY && similarity > (best?.similarity ?? 0)) {
        best = { kind: 'suggestion', line: entry, similarity };
      }
    }
    return best;
  }

  /** The remembered lines, newest first, filtered, a page at a time. */
  async list(filter: MemoryFilter, page: number, size: number): Promise<{ entries: MemoryEntry[]; total: number }> {
    const query = normaliseForMemory(filter.query ?? '');
    const matching = (await this.allEntries(filter)).filter(
      (entry) =>
        query === '' ||
        normaliseForMemory(entry.source).includes(query) ||
        normaliseForMemory(entry.target).includes(query),
    );
    matching.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
    return { entries: matching.slice(page * size, (page + 1) * size), total: matching.length };
  }

  /** Forgets one line; false when there was no such line. */
  async forget(id: string): Promise<boolean> {
    const match = /^([a-z]{3})-([a-z]{3})-([0-9a-f]{40})$/.exec(id);
    if (!match || !isLanguageCode(match[1]!) || !isLanguageCode(match[2]!)) return false;
    const path = join(this.folderOf({ source: match[1], target: match[2] }), `${match[3]}.json`);
    try {
      await unlink(path);
      return true;
    } catch {
      return false;
    }
  }

  /** Forgets every line (of one pair, or of all); returns how many were forgotten. */
  async clear(filter: Omit<MemoryFilter, 'query'>): Promise<number> {
    const entries = await this.allEntries(filter);
    for (const folder of await this.pairFolders(filter)) await rm(folder, { recursive: true, force: true });
    this.cache.clear();
    return entries.length;
  }

  private async allEntries(filter: Omit<MemoryFilter, 'query'>): Promise<MemoryEntry[]> {
    const entries: MemoryEntry[] = [];
    for (const folder of await this.pairFolders(filter)) {
      const [source, target] = folder.slice(this.root.length + 1).split('-') as [LanguageCode, LanguageCode];
      entries.push(...(await this.pairOf({ source, target })).entries);
    }
    return entries;
  }

  private async pairFolders(filter: Omit<MemoryFilter, 'query'>): Promise<string[]> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    return names
      .filter((name) => {
        const [source, target] = name.split('-');
        if (!source || !target || !isLanguageCode(source) || !isLanguageCode(target)) return false;
        return (
          (filter.sourceLanguage === undefined || filter.sourceLanguage === source) &&
          (filter.targetLanguage === undefined || filter.targetLanguage === target)
        );
      })
      .map((name) => join(this.root, name));
  }

  private async pairOf(pair: Pair): Promise<{ entries: MemoryEntry[]; keys: string[] }> {
    const folder = this.folderOf(pair);
    const readAt = Date.now();
    const changed = await stat(folder).then(
      (info) => info.mtimeMs,
      () => -1,
    );
    const cached = this.cache.get(folder);
    if (cached && cached.changed === changed) return cached;
    const names = changed < 0 ? [] : await readdir(folder);
    const entries: MemoryEntry[] = [];
    for (const name of names.filter((file) => /^[0-9a-f]{40}\.json$/.test(file))) {
      const entry = await readFile(join(folder, name), 'utf8').then(
        (text) => JSON.parse(text) as MemoryEntry,
        () => undefined,
      );
      if (entry) entries.push(entry);
    }
    const read = { changed, entries, keys: entries.map((entry) => normaliseForMemory(entry.source)) };
    // A folder changed just before it was read may change again within the same tick of the file
    // system's clock (a few milliseconds) without its time moving: another service's entry would
    // then never be seen. Such a reading is used once, not kept (git's "racy" rule).
    if (changed < readAt - RACY_MS) this.cache.set(folder, read);
    else this.cache.delete(folder);
    return read;
  }

  private folderOf(pair: Pair): string {
    return join(this.root, `${pair.source}-${pair.target}`);
  }
}

/** A folder changed less than this before it was read is read again next time (timestamps are coarse). */
const RACY_MS = 1000;

function keyOf(source: string): string {
  return createHash('sha1').update(normaliseForMemory(source)).digest('hex');
}
