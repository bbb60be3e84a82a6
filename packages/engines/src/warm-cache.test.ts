import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WarmCache } from './warm-cache.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('WarmCache', () => {
  it('loads once, keeps warm while used, and releases after the idle time', async () => {
    const disposed: string[] = [];
    const cache = new WarmCache<string, string>(1000, (value) => disposed.push(value));
    const load = vi.fn(() => Promise.resolve('dictionary'));
    expect(await cache.use('eng-deu', load, (value) => value.length)).toBe(10);
    await vi.advanceTimersByTimeAsync(600);
    await cache.use('eng-deu', load, () => undefined);
    await vi.advanceTimersByTimeAsync(600);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.keys()).toEqual(['eng-deu']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(cache.keys()).toEqual([]);
    expect(disposed).toEqual(['dictionary']);
    await cache.use('eng-deu', load, () => undefined);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never releases what a job is still using, however long', async () => {
    const cache = new WarmCache<string, string>(1000);
    let finish = (): void => undefined;
    const job = cache.use(
      'jpn',
      () => Promise.resolve('analyser'),
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    await vi.advanceTimersByTimeAsync(0);
    // Another, short use schedules a sweep while the long one still holds the analyser.
    await cache.use(
      'jpn',
      () => Promise.resolve('other'),
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(cache.keys()).toEqual(['jpn']);
    finish();
    await job;
    await vi.advanceTimersByTimeAsync(1000);
    expect(cache.keys()).toEqual([]);
  });

  it('does not keep a load that failed', async () => {
    const cache = new WarmCache<string, string>(1000);
    await expect(
      cache.use(
        'x',
        () => Promise.reject(new Error('no file')),
        () => undefined,
      ),
    ).rejects.toThrow('no file');
    expect(cache.keys()).toEqual([]);
    expect(
      await cache.use(
        'x',
        () => Promise.resolve('ok'),
        (value) => value,
      ),
    ).toBe('ok');
  });
});
