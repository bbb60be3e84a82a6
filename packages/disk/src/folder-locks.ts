import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';
import { Busy, NotFound } from '@voxlate/core';

/**
 * How long a lock whose holder stopped touching it keeps everyone else out. A holder touches it
 * every half of this; a process killed while holding one (SIGKILL: no exit handler runs) blocks
 * the folder's changes for at most this long.
 */
export const LOCK_STALE_MS = 10_000;

/** Longest wait for a lock before the change is refused as busy (an answer within 5 s). */
export const LOCK_WAIT_MS = 4_000;

/** What the lock folder inside a locked folder is called. */
export const LOCK_NAME = '.lock';

/** What a refusal says, in the words of what the folder holds (a job, the glossaries, the keys). */
export interface LockWords {
  /** The wait ran out: someone else is changing it. */
  busy: (id: string) => string;
  /** The folder is gone (removed under its lock). */
  missing: (id: string) => string;
}

/**
 * One folder's changes, one after another, across every process that shares the data folder:
 * the services and the workers, with or without Redis. The lock is a folder made inside the
 * locked folder itself (mkdir is atomic on local and network file systems), so it lives where the
 * data it guards lives, and holds while Redis is away. Within a process, changes of a folder
 * queue up in memory first, so only one request per process waits on the file system. Re-entrant:
 * work done under a lock may take it again (a record update inside an edit) without waiting on
 * itself.
 */
export class FolderLocks {
  /** The locks this call chain holds; a lock released ends its entry (work it left running waits again). */
  private readonly held = new AsyncLocalStorage<ReadonlyMap<string, { active: boolean }>>();
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    private readonly words: LockWords,
    private readonly waitMs: number = LOCK_WAIT_MS,
  ) {}

  /** Runs `work` holding the lock of `id`, whose folder is `folder`; `waitMs` the longest wait for it. */
  exclusive<T>(id: string, folder: string, work: () => Promise<T>, waitMs = this.waitMs): Promise<T> {
    if (this.holds(id)) return work();
    return this.inTurn(id, async () => {
      const release = await this.acquire(id, folder, waitMs);
      const hold = { active: true };
      try {
        return await this.held.run(new Map([...(this.held.getStore() ?? []), [id, hold]]), work);
      } finally {
        hold.active = false;
        // A folder removed under its lock took the lock folder with it.
        await release().catch(() => undefined);
      }
    });
  }

  /** Whether this call runs under the lock of `id`. */
  holds(id: string): boolean {
    return this.held.getStore()?.get(id)?.active ?? false;
  }

  private inTurn<T>(id: string, work: () => Promise<T>): Promise<T> {
    const next = (this.chains.get(id) ?? Promise.resolve()).then(work);
    const settled = next.catch(() => undefined);
    this.chains.set(id, settled);
    void settled.then(() => {
      if (this.chains.get(id) === settled) this.chains.delete(id);
    });
    return next;
  }

  private async acquire(id: string, folder: string, waitMs: number): Promise<() => Promise<void>> {
    const started = Date.now();
    for (let pause = 10; ; pause = Math.min(pause * 1.5, 100)) {
      try {
        return await lock(folder, {
          lockfilePath: join(folder, LOCK_NAME),
          realpath: false,
          stale: LOCK_STALE_MS,
          // Losing a lock means this process stalled past LOCK_STALE_MS; its change is already
          // being written, and the next holder reads the record afresh, so there is nothing to undo.
          onCompromised: (error) => process.emitWarning(`The lock of ${id} was lost: ${error.message}`),
        });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') throw new NotFound(this.words.missing(id));
        if (code !== 'ELOCKED') throw error;
        if (Date.now() - started + pause > waitMs) {
          throw new Busy(this.words.busy(id));
        }
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }
}
