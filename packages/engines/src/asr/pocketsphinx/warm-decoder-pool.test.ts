import { describe, expect, it } from 'vitest';
import type { DecoderProcess } from '../decoder-process.js';
import { WarmDecoderPool } from './warm-decoder-pool.js';

/** Stand-ins that count how they end: the pool's bookkeeping is what is under test. */
function fakeDecoders(): { start: () => Promise<DecoderProcess>; made: { killed: boolean; closed: boolean }[] } {
  const made: { killed: boolean; closed: boolean }[] = [];
  const start = (): Promise<DecoderProcess> => {
    const state = { killed: false, closed: false };
    made.push(state);
    const decoder = {
      kill: () => void (state.killed = true),
      close: () => {
        state.closed = true;
        return Promise.resolve();
      },
    };
    return Promise.resolve(decoder as unknown as DecoderProcess);
  };
  return { start, made };
}

describe('WarmDecoderPool', () => {
  it('keeps released decoders warm for the next job instead of starting new ones', async () => {
    const { start, made } = fakeDecoders();
    const pool = new WarmDecoderPool(2, start);
    const first = await pool.acquire();
    pool.release(first);
    expect(await pool.acquire()).toBe(first);
    expect(made).toHaveLength(1);
  });

  it('runs at most `size` decoders; a job asking for more waits for one to come back', async () => {
    const { start, made } = fakeDecoders();
    const pool = new WarmDecoderPool(2, start);
    const [a, b] = [await pool.acquire(), await pool.acquire()];
    let third: DecoderProcess | undefined;
    const waiting = pool.acquire().then((decoder) => (third = decoder));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(third).toBeUndefined();
    pool.release(b);
    await waiting;
    expect(third).toBe(b);
    expect(made).toHaveLength(2);
    pool.release(a);
  });

  it('replaces a discarded decoder for whoever waits, and stops the idle ones when closed', async () => {
    const { start, made } = fakeDecoders();
    const pool = new WarmDecoderPool(1, start);
    const broken = await pool.acquire();
    const waiting = pool.acquire();
    pool.discard(broken);
    const replacement = await waiting;
    expect(replacement).not.toBe(broken);
    expect(made.map((decoder) => decoder.killed)).toEqual([true, false]);
    pool.release(replacement);
    await pool.close();
    expect(made[1]!.closed).toBe(true);
    await expect(pool.acquire()).rejects.toThrow(/closed/);
  });

  it('stops a decoder idle for idleMs and starts a new one for the next job; a busy one is never stopped', async () => {
    const { start, made } = fakeDecoders();
    const pool = new WarmDecoderPool(2, start, 40);
    const [busy, resting] = [await pool.acquire(), await pool.acquire()];
    pool.release(resting);
    await new Promise((resolve) => setTimeout(resolve, 25));
    expect(made[1]!.closed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The idle one is stopped (its memory given back); the one still at work is not.
    expect(made.map((decoder) => decoder.closed)).toEqual([false, true]);
    expect(pool.started).toBe(1);
    const next = await pool.acquire();
    expect(next).not.toBe(resting);
    expect(made).toHaveLength(3);
    pool.release(busy);
    pool.release(next);
    await pool.close();
    expect(made.map((decoder) => decoder.closed)).toEqual([true, true, true]);
  });
});
