import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Conflict, NotFound, type Glossary } from '@voxlate/core';
import { FolderLocks, LOCK_WAIT_MS, readJsonFolder, writeFileAtomic } from '@voxlate/disk';
import { LIBRARY_FOLDER } from '../workspace-data.js';

/** An entry's file: its 16-hex id, as JSON. */
const ENTRY_FILE = /^[0-9a-f]{16}\.json$/;
/** A creator's glossary as kept: its terms, a name to find it by, and when it was made and changed. */
export interface StoredGlossary extends Glossary {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

const ID = /^[0-9a-f]{16}$/;

/**
 * The glossaries in the data folder, beside the jobs: one JSON file each, written whole, so
 * services and workers sharing the folder read a glossary as it was saved. A replacement made
 * from a version (its `updatedAt`) is checked and written under one lock across the processes:
 * of two saves made from the same version, the second is refused, not written over the first.
 */
export class DiskGlossaries {
  private readonly root: string;
  private readonly locks = new FolderLocks(
    {
      busy: () => 'The glossaries are being changed by another request. Please try again in a moment.',
      missing: () => 'The glossaries’ folder is gone.',
    },
    LOCK_WAIT_MS,
  );

  constructor(dataDir: string) {
    this.root = join(dataDir, LIBRARY_FOLDER.glossaries);
  }

  async create(name: string, glossary: Glossary, at = new Date()): Promise<StoredGlossary> {
    const stored = {
      id: randomBytes(8).toString('hex'),
      name,
      ...glossary,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
    };
    await this.write(stored);
    return stored;
  }

  /**
   * Replaces the glossary's name and terms. With `basedOn` (the `updatedAt` the change was made
   * from), a glossary saved by someone else since is not written over: Conflict, naming when.
   */
  async replace(
    id: string,
    name: string,
    glossary: Glossary,
    basedOn?: string,
    at = new Date(),
  ): Promise<StoredGlossary> {
    return this.exclusive(async () => {
      const before = await this.get(id);
      if (basedOn !== undefined && before.updatedAt !== basedOn) {
        throw new Conflict(
          `The glossary "${before.name}" was saved by someone else at ${before.updatedAt}, after the version this ` +
            'change was made from: open it again to see their change, then make yours.',
        );
      }
      // Strictly later than the version it replaces, so a version is never named twice.
      const time = Math.max(at.getTime(), Date.parse(before.updatedAt) + 1);
      const stored = { ...before, name, ...glossary, updatedAt: new Date(time).toISOString() };
      await this.write(stored);
      return stored;
    });
  }

  /** Throws NotFound naming the id when there is no such glossary. */
  async get(id: string): Promise<StoredGlossary> {
    if (!ID.test(id)) throw new NotFound(`There is no glossary "${id.slice(0, 40)}".`);
    const text = await readFile(this.pathOf(id), 'utf8').catch(() => undefined);
    if (text === undefined) throw new NotFound(`There is no glossary "${id}".`);
    return JSON.parse(text) as StoredGlossary;
  }

  /** Every glossary, the most recently changed first. */
  async list(): Promise<StoredGlossary[]> {
    const glossaries = await readJsonFolder<StoredGlossary>(this.root, ENTRY_FILE);
    return glossaries.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  async remove(id: string): Promise<void> {
    await this.get(id);
    await unlink(this.pathOf(id));
  }

  /** Work under the glossaries' lock, shared by every process on the data folder. */
  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    await mkdir(this.root, { recursive: true });
    return this.locks.exclusive('glossaries', this.root, work);
  }

  private async write(stored: StoredGlossary): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await writeFileAtomic(this.pathOf(stored.id), JSON.stringify(stored));
  }

  private pathOf(id: string): string {
    return join(this.root, `${id}.json`);
  }
}
