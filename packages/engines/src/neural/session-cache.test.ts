import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

describe('SessionCache', () => {
  it('loads a key once and hands the same session to every caller', async () => {
    let loads = 0;
    const cache = new SessionCache<string, { id: number }>();
    const load = () => Promise.resolve({ id: ++loads });
    const [a, b] = await Promise.all([cache.get('fra', load), cache.get('fra', load)]);
    expect(a).toBe(b);
    expect(await cache.get('spa', load)).toEqual({ id: 2 });
    expect(loads).toBe(2);
  });

  it('forgets a failed load so the next call tries again', async () => {
    const cache = new SessionCache<string, string>();
    await expect(cache.get('eng', () => Promise.reject(new Error('missing file')))).rejects.toThrow('missing file');
    expect(await cache.get('eng', () => Promise.resolve('loaded'))).toBe('loaded');
  });

  it('disposes the sessions that loaded when closed, skipping failed ones', async () => {
    const disposed: string[] = [];
    const cache = new SessionCache<string, string>((session) => void disposed.push(session));
    await cache.get('a', () => Promise.resolve('first'));
    await cache.get('b', () => Promise.reject(new Error('broken'))).catch(() => undefined);
    await cache.close();
    expect(disposed).toEqual(['first']);
    expect(await cache.get('a', () => Promise.resolve('reloaded'))).toBe('reloaded');
  });
});
