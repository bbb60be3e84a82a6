/** Resources unused for this long are released (VOXLATE_ENGINE_IDLE_SECONDS, 600 by default: issue 55). */
export const DEFAULT_WARM_IDLE_MS = 600_000;

/**
 * Resources that take seconds to load and much memory to hold (dictionaries, a morphological
 * analyser): loaded on first use, kept warm while jobs keep using them, and released once
 * nobody has used them for `idleMs`. A service that once dubbed into every language would
 * otherwise hold every dictionary for the rest of its life.
 *
 * Use is leased: `use()` holds the resource until its work is done, so nothing is released
 * in the middle of a job however long it is idle between calls. A failed load is not kept.
 */
export class WarmCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly idleMs: number,
    private readonly dispose: (value: V) => unknown = () => undefined,
  ) {}

  async use<R>(key: K, load: () => Promise<V>, work: (value: V) => R | Promise<R>): Promise<R> {
    const entry = this.entry(key, load);
    entry.users++;
    try {
      return await work(await entry.value);
    } finally {
      entry.users--;
      entry.lastUsed = Date.now();
      this.scheduleSweep();
    }
  }

  /** Keys held now (loaded or loading). */
  keys(): K[] {
    return [...this.entries.keys()];
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const entries = [...this.entries.values()];
    this.entries.clear();
    for (const entry of entries) await this.release(entry);
  }

  private entry(key: K, load: () => Promise<V>): Entry<V> {
    let entry = this.entries.get(key);
    if (!entry) {
      const created: Entry<V> = { value: load(), users: 0, lastUsed: Date.now() };
      created.value.catch(() => {
        if (this.entries.get(key) === created) this.entries.delete(key);
      });
      this.entries.set(key, created);
      entry = created;
    }
    return entry;
  }

  private scheduleSweep(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sweep();
    }, this.idleMs);
    // Never the reason the process stays alive.
    this.timer.unref();
  }

  private sweep(): void {
    const now = Date.now();
    const released: Promise<void>[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.users === 0 && now - entry.lastUsed >= this.idleMs) {
        this.entries.delete(key);
        released.push(this.release(entry));
      }
    }
    if (released.length > 0) void Promise.all(released).then(collectGarbage);
    if ([...this.entries.values()].some((entry) => entry.users === 0)) this.scheduleSweep();
  }

  private async release(entry: Entry<V>): Promise<void> {
    const value = await entry.value.catch(() => undefined);
    if (value !== undefined) await this.dispose(value);
  }
}

interface Entry<V> {
  value: Promise<V>;
  users: number;
  lastUsed: number;
}

/**
 * Hands what was just released back to the system now. V8 collects on allocation, and an idle
 * service allocates nothing, so without this the hundreds of MB of a released dictionary stay
 * resident until the next job. Only where the process allows it (`node --expose-gc`, as
 * `npm start` runs the service); elsewhere V8's own collection comes when it comes.
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
