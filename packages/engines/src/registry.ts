import { BadInput, quoteInput, type EngineKind } from '@voxlate/core';

export interface EngineEntry<T> {
  id: string;
  kind: EngineKind;
  /** Higher wins when no engine is named; neural engines rank above offline ones. */
  rank: number;
  /** Whether the engine's programs, packages or weights are present on this machine. */
  isInstalled(): Promise<boolean>;
  /** Creates the engine; called once, the instance is kept warm. */
  load(): Promise<T>;
}

/** Maps engine ids to lazy loaders for one task, and picks the best installed engine. */
export class EngineRegistry<T> {
  private readonly entries = new Map<string, EngineEntry<T>>();
  private readonly instances = new Map<string, Promise<T>>();

  constructor(readonly task: string) {}

  register(entry: EngineEntry<T>): this {
    this.entries.set(entry.id, entry);
    return this;
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  async installedIds(): Promise<string[]> {
    return (await this.describe()).filter((entry) => entry.installed).map((entry) => entry.id);
  }

  /** The named engine; BadInput listing the valid ids, or the installed ones when it is not installed. */
  async get(id: string): Promise<T> {
    const entry = this.entries.get(id);
    if (!entry) {
      throw new BadInput(`Unknown ${this.task} engine ${quoteInput(id)}. Valid engines: ${this.ids().join(', ')}.`);
    }
    // The one load in flight is shared from the first call on, so that requests arriving together
    // start one engine (one Apertium server), not one each; a failed load is tried again next time.
    const existing = this.instances.get(id);
    if (existing) return existing;
    const loading = this.loadInstalled(entry);
    this.instances.set(id, loading);
    loading.catch(() => {
      if (this.instances.get(id) === loading) this.instances.delete(id);
    });
    return loading;
  }

  private async loadInstalled(entry: EngineEntry<T>): Promise<T> {
    if (!(await entry.isInstalled())) {
      const how = entry.kind === 'neural' ? ' (npm run models -- list shows what to add)' : '';
      const installed = (await this.installedIds()).join(', ') || 'none';
      throw new BadInput(
        `The ${this.task} engine ${quoteInput(entry.id)} is not installed${how}. Installed: ${installed}.`,
      );
    }
    return entry.load();
  }

  /** Installed engines that pass the filter, best first. */
  async candidates(accepts: (engine: T) => boolean): Promise<T[]> {
    const ranked = [...this.entries.values()].sort((a, b) => b.rank - a.rank);
    const found: T[] = [];
    for (const entry of ranked) {
      if (!(await entry.isInstalled())) continue;
      const engine = await this.get(entry.id);
      if (accepts(engine)) found.push(engine);
    }
    return found;
  }

  /** Installed entries with their metadata, for /api/engines and reports. */
  async describe(): Promise<{ id: string; kind: EngineKind; installed: boolean }[]> {
    return Promise.all(
      [...this.entries.values()].map(async (entry) => ({
        id: entry.id,
        kind: entry.kind,
        installed: await entry.isInstalled(),
      })),
    );
  }

  /** Releases engines that hold processes (servers, workers). */
  async close(): Promise<void> {
    const loaded = await Promise.allSettled(this.instances.values());
    for (const result of loaded) {
      if (result.status === 'fulfilled') await closeIfClosable(result.value);
    }
    this.instances.clear();
  }
}

async function closeIfClosable(engine: unknown): Promise<void> {
  const close = (engine as { close?: () => Promise<void> | void }).close;
  if (typeof close === 'function') await close.call(engine);
}
