/**
 * Runs `work` on every item, at most `limit` at once, taking them in order from one queue. The
 * first failure empties the queue (no new item starts) and is thrown once every running item has
 * settled, so nothing is left working for a stage that has already failed.
 */
export async function eachAtOnce<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  const queue = items.map((item, index) => ({ item, index }));
  const runner = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await work(next.item, next.index);
      } catch (error) {
        queue.length = 0;
        throw error;
      }
    }
  };
  const runners = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, runner);
  const settled = await Promise.allSettled(runners);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
