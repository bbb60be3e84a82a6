import { describe, expect, it } from 'vitest';
import { EngineRegistry } from './registry.js';

/** An entry whose install check and load take a moment, as a real server's start does. */
function slowEntry(options: { installed?: boolean; failFirst?: boolean } = {}): {
  entry: Parameters<EngineRegistry<{ n: number }>['register']>[0];
  loads: () => number;
} {
  let loads = 0;
  const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));
  return {
    entry: {
      id: 'server-backed',
      kind: 'offline',
      rank: 1,
      isInstalled: async () => {
        await pause();
        return options.installed ?? true;
      },
      load: async () => {
        loads++;
        await pause();
        if (options.failFirst && loads === 1) throw new Error('the server did not start');
        return { n: loads };
      },
    },
    loads: () => loads,
  };
}

describe('EngineRegistry', () => {
  it('starts one engine however many ask for it at once, and gives them all that one', async () => {
    const { entry, loads } = slowEntry();
    const registry = new EngineRegistry<{ n: number }>('translation').register(entry);
    // Before: each of 20 simultaneous requests passed the install check and loaded its own.
    const engines = await Promise.all(Array.from({ length: 20 }, () => registry.get('server-backed')));
    expect(loads()).toBe(1);
    expect(new Set(engines).size).toBe(1);
    await Promise.all(Array.from({ length: 5 }, () => registry.candidates(() => true)));
    expect(loads()).toBe(1);
  });

  it('tries a load that failed again at the next request', async () => {
    const { entry, loads } = slowEntry({ failFirst: true });
    const registry = new EngineRegistry<{ n: number }>('translation').register(entry);
    const first = await Promise.allSettled([registry.get('server-backed'), registry.get('server-backed')]);
    expect(first.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await registry.get('server-backed')).toEqual({ n: 2 });
    expect(loads()).toBe(2);
  });

  it('refuses an engine that is not installed, naming what is', async () => {
    const { entry, loads } = slowEntry({ installed: false });
    const registry = new EngineRegistry<{ n: number }>('translation').register(entry);
    await expect(registry.get('server-backed')).rejects.toThrow(
      /The translation engine "server-backed" is not installed\. Installed: none\./,
    );
    await expect(registry.get('elsewhere')).rejects.toThrow(/Unknown translation engine "elsewhere"/);
    expect(loads()).toBe(0);
  });
});
