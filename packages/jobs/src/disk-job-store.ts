import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { canonicalJson, NotFound, quoteInput } from '@voxlate/core';
import { isLeftPartial, syncFolder, writeFileAtomic } from '@voxlate/disk';
import { checkedJobId, newJobId } from './job-id.js';
import { jobLocks } from './job-locks.js';
import { linkOrCopy } from './link-or-copy.js';
import type { JobPatch, JobRecord } from './job-record.js';

/** The default time a job and its files are kept after its last change. */
export const DEFAULT_RETENTION_MS = 7 * 24 * 3600 * 1000;

/**
 * Jobs on the local disk, no server to install: one folder per job under `<root>/jobs/<id>/`
 * holding `job.json` (the record), `input/` (the media, moved in) and `stages/` (each stage's
 * output, kept under a key made from everything it was computed from, so an unchanged stage is
 * found again after a crash or an edit, and a changed one is not). Every write is crash-safe
 * (see writeFileAtomic): a half-written record or stage is never read back as a whole one.
 */
export class DiskJobStore<Request = unknown> {
  private readonly jobs: string;
  private readonly locks = jobLocks();

  /**
   * `upgrade` reads a request kept by an earlier version in today's shape (records are never
   * rewritten just for that: the next change writes the new shape).
   */
  constructor(
    /** The data folder the store is in (its jobs in `<root>/jobs`). */
    readonly root: string,
    private readonly upgrade: (stored: unknown) => Request = (stored) => stored as Request,
  ) {
    this.jobs = join(root, 'jobs');
  }

  async create(request: Request, now: Date = new Date()): Promise<JobRecord<Request>> {
    const id = newJobId(now);
    await mkdir(join(this.folder(id), 'stages'), { recursive: true });
    const record: JobRecord<Request> = {
      id,
      state: 'queued',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      revision: 0,
      progress: 0,
      request,
      warnings: [],
      stageSeconds: {},
    };
    await this.write(record);
    return record;
  }

  /** Whether the job's record is there (one look at the disk, no read). */
  async exists(id: string): Promise<boolean> {
    return stat(this.recordPath(id)).then(
      () => true,
      () => false,
    );
  }

  async get(id: string): Promise<JobRecord<Request>> {
    const text = await readFile(this.recordPath(id), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new NotFound(`There is no job ${quoteInput(id)}.`);
      throw error;
    });
    const record = JSON.parse(text) as JobRecord<unknown>;
    return { ...record, request: this.upgrade(record.request) };
  }

  /** Changes a record (the id and creation time stay); returns the new record. */
  update(id: string, patch: JobPatch<Request>, now: Date = new Date()): Promise<JobRecord<Request>> {
    return this.change(id, () => patch, now);
  }

  /**
   * Changes a record from what it is now, under the job's lock: changes of one job are made one
   * after another across every process sharing the store, so two never read the same old record
   * and lose one another.
   */
  change(
    id: string,
    patchOf: (record: JobRecord<Request>) => JobPatch<Request>,
    now: Date = new Date(),
  ): Promise<JobRecord<Request>> {
    return this.exclusive(id, async () => {
      const current = await this.get(id);
      const record = withoutUndefined({ ...current, ...patchOf(current), updatedAt: now.toISOString() });
      await this.write(record);
      return record;
    });
  }

  /**
   * Runs `work` holding the job's lock (see jobLocks): for a change made of several reads and
   * writes (an edit of a line and its record). Record changes inside it take the same lock
   * without waiting; a job held elsewhere for longer than `waitMs` (a request's wait unless
   * said) is refused as Busy.
   */
  exclusive<T>(id: string, work: () => Promise<T>, waitMs?: number): Promise<T> {
    return this.locks.exclusive(id, this.folder(id), work, waitMs);
  }

  /** Every job's id, newest first (ids begin with their creation time). */
  async jobIds(): Promise<string[]> {
    return (await this.ids()).sort().reverse();
  }

  /**
   * Newest first, `size` a page; with `keep`, only the records it keeps (every record is read
   * then).
   */
  async list(
    page = 0,
    size = 20,
    keep?: (record: JobRecord<Request>) => boolean,
  ): Promise<{ jobs: JobRecord<Request>[]; total: number }> {
    const ids = (await this.ids()).sort().reverse();
    const read = (chosen: string[]): Promise<JobRecord<Request>[]> =>
      Promise.all(chosen.map((id) => this.get(id).catch(() => undefined))).then((jobs) =>
        jobs.filter((job): job is JobRecord<Request> => job !== undefined),
      );
    if (keep === undefined) return { jobs: await read(ids.slice(page * size, (page + 1) * size)), total: ids.length };
    const kept = (await read(ids)).filter(keep);
    return { jobs: kept.slice(page * size, (page + 1) * size), total: kept.length };
  }

  /** Moves (or, across file systems, copies) the media into the job's folder; returns its new path. */
  async adoptInput(id: string, file: string): Promise<string> {
    const folder = join(this.folder(id), 'input');
    await mkdir(folder, { recursive: true });
    const target = join(folder, basename(file));
    await rename(file, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await copyFile(file, target);
      await rm(file, { force: true });
    });
    await syncFolder(folder);
    return target;
  }

  /**
   * Gives the job the media another job adopted (jobs of one upload in several languages): a
   * hard link, or a copy where a link cannot be made, so each job keeps its media when the other
   * is removed. Returns its path in this job's folder.
   */
  async shareInput(id: string, file: string): Promise<string> {
    const folder = join(this.folder(id), 'input');
    await mkdir(folder, { recursive: true });
    const target = join(folder, basename(file));
    await linkOrCopy(file, target);
    await syncFolder(folder);
    return target;
  }

  /** Keeps a stage's output under the key of what it was computed from. */
  async saveStage(id: string, stage: string, inputs: unknown, output: unknown): Promise<void> {
    await writeFileAtomic(this.stagePath(id, stage, inputs), JSON.stringify(output));
  }

  /** A stage's output computed from exactly these inputs, or undefined when there is none. */
  async loadStage<T>(id: string, stage: string, inputs: unknown): Promise<T | undefined> {
    const text = await readFile(this.stagePath(id, stage, inputs), 'utf8').catch(() => undefined);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  /** Keeps a JSON document of the job's own (for example its current Timeline) under a plain name. */
  async writeJson(id: string, name: string, value: unknown): Promise<void> {
    await writeFileAtomic(join(this.folder(id), plainName(name)), JSON.stringify(value));
  }

  /** A JSON document written by writeJson, or undefined when there is none. */
  async readJson<T>(id: string, name: string): Promise<T | undefined> {
    const text = await readFile(join(this.folder(id), plainName(name)), 'utf8').catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      },
    );
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  async remove(id: string): Promise<void> {
    await this.exclusive(id, async () => {
      await this.get(id);
      await rm(this.folder(id), { recursive: true, force: true });
    });
  }

  /** Removes the jobs unchanged for longer than `retentionMs` (and no others); returns their ids. */
  async expire(retentionMs = DEFAULT_RETENTION_MS, now: Date = new Date()): Promise<string[]> {
    const removed: string[] = [];
    for (const id of await this.ids()) {
      const record = await this.get(id).catch(() => undefined);
      const changed = record ? Date.parse(record.updatedAt) : (await stat(this.folder(id))).mtimeMs;
      if (now.getTime() - changed <= retentionMs) continue;
      await rm(this.folder(id), { recursive: true, force: true });
      removed.push(id);
    }
    return removed;
  }

  /**
   * Removes what writes cut short by a crash left (hidden `.partial` files beside records and
   * stage outputs, whose process is gone); run when a process opens the store. Writes in
   * progress in live processes (other services and workers on the same store) are left alone.
   */
  async removeLeftovers(): Promise<number> {
    let removed = 0;
    for (const id of await this.ids()) {
      for (const folder of [this.folder(id), join(this.folder(id), 'stages')]) {
        const names = await readdir(folder).catch(() => [] as string[]);
        for (const name of names.filter((entry) => entry.endsWith('.partial'))) {
          const modified = await stat(join(folder, name)).then(
            (info) => info.mtimeMs,
            () => undefined,
          );
          if (modified === undefined || !isLeftPartial(name, modified)) continue;
          await rm(join(folder, name), { force: true });
          removed++;
        }
      }
    }
    return removed;
  }

  /** The job's own folder (for its files: the input, the result). */
  folder(id: string): string {
    return join(this.jobs, checkedJobId(id));
  }

  private async ids(): Promise<string[]> {
    const names = await readdir(this.jobs).catch(() => [] as string[]);
    return names.filter((name) => {
      try {
        return checkedJobId(name) === name;
      } catch {
        return false;
      }
    });
  }

  private recordPath(id: string): string {
    return join(this.folder(id), 'job.json');
  }

  private stagePath(id: string, stage: string, inputs: unknown): string {
    // Canonical JSON: the same inputs give the same key whatever order their fields were set in.
    const key = createHash('sha256').update(canonicalJson(inputs)).digest('hex').slice(0, 32);
    return join(this.folder(id), 'stages', `${stage.replace(/[^a-z0-9-]/gi, '_')}-${key}.json`);
  }

  private async write(record: JobRecord<Request>): Promise<void> {
    await mkdir(this.folder(record.id), { recursive: true });
    await writeFileAtomic(this.recordPath(record.id), JSON.stringify(record, null, 2));
  }
}

function withoutUndefined<Record extends object>(record: Record): Record {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Record;
}

/** A file name with no folder in it (the store builds every path itself). */
function plainName(name: string): string {
  if (!/^[\w-]+(\.[\w-]+)*$/.test(name)) throw new Error(`Not a plain file name: ${name}`);
  return name;
}
