import { describe, expect, it } from 'vitest';
import { eachAtOnce } from './each-at-once.js';

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('eachAtOnce', () => {
  it('runs every item, never more than the limit at once, starting them in order', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    await eachAtOnce([30, 5, 20, 5, 10, 1], 2, async (ms, index) => {
      started.push(index);
      peak = Math.max(peak, ++running);
      await tick(ms);
      running--;
    });
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });

  it('runs one at a time with a limit of 1', async () => {
    const order: string[] = [];
    await eachAtOnce(['a', 'b', 'c'], 1, async (item) => {
      order.push(`start ${item}`);
      await tick(1);
      order.push(`end ${item}`);
    });
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('starts nothing new after a failure and throws it once the running item has settled', async () => {
    const ended: number[] = [];
    const attempt = eachAtOnce([0, 1, 2, 3, 4], 2, async (_item, index) => {
      if (index === 0) {
        await tick(1);
        throw new Error('line 1 failed');
      }
      await tick(20);
      ended.push(index);
    });
    await expect(attempt).rejects.toThrow('line 1 failed');
    // Item 1 was already running and is waited for; 2, 3 and 4 never start.
    expect(ended).toEqual([1]);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await eachAtOnce([], 4, () => Promise.resolve(void calls++));
    expect(calls).toBe(0);
  });
});
