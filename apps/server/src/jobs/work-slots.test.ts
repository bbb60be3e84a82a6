import { describe, expect, it } from 'vitest';
import { errorResponse } from '../http/error-response.js';
import { WorkSlots } from './work-slots.js';

const never = new AbortController().signal;

/** A job that runs until told to finish. */
function heldJob(): { work: () => Promise<string>; finish: () => void } {
  let finish = (): void => undefined;
  const done = new Promise<string>((resolve) => (finish = () => resolve('done')));
  return { work: () => done, finish };
}

function statusOf(action: () => unknown): number | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return errorResponse(error).status;
  }
}

describe('WorkSlots admission', () => {
  it('decides a burst at admission: places taken there are never refused later', async () => {
    const slots = new WorkSlots({ concurrency: 1, maxWaiting: 2, maxPerClient: 3 });
    // Three requests of one client admitted at once, before any of their jobs is put in line
    // (their records are still being written): the fourth is refused now, with 429.
    const admitted = [0, 1, 2].map(() => slots.admit('client'));
    expect(statusOf(() => slots.admit('client'))).toBe(429);
    // Another client finds the line full: one running and two waiting places are all taken.
    expect(statusOf(() => slots.admit('other'))).toBe(503);
    // Each admitted job then runs in turn; none is turned away half-way.
    const jobs = admitted.map(() => heldJob());
    const runs = admitted.map((place, i) => slots.run(jobs[i]!.work, never, { admitted: place }));
    expect(slots.stats()).toEqual({ running: 1, waiting: 2 });
    for (const job of jobs) job.finish();
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done']);
    // All places are back.
    expect(statusOf(() => slots.admit('client').release())).toBeUndefined();
    expect(slots.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives an abandoned admission its place back, once however often it is released', () => {
    const slots = new WorkSlots({ concurrency: 1, maxWaiting: 0, maxPerClient: 1 });
    const place = slots.admit('client');
    expect(statusOf(() => slots.admit('client'))).toBe(429);
    place.release();
    place.release();
    const again = slots.admit('client');
    expect(statusOf(() => slots.admit('someone'))).toBe(503);
    again.release();
    expect(statusOf(() => slots.admit('someone'))).toBeUndefined();
  });

  it('counts a group of languages as a job a language against its client, and one place in the line', () => {
    const slots = new WorkSlots({ concurrency: 1, maxWaiting: 5, maxPerClient: 4 });
    const group = slots.admit('client', undefined, 3);
    // Three of the client's four: one more language fits, a group of two does not.
    expect(statusOf(() => slots.admit('client', undefined, 2))).toBe(429);
    const one = slots.admit('client');
    expect(statusOf(() => slots.admit('client'))).toBe(429);
    // The line counts the group once: others still find places.
    expect(statusOf(() => slots.admit('other').release())).toBeUndefined();
    // Released, the group gives all three back.
    group.release();
    one.release();
    expect(statusOf(() => slots.admit('client', undefined, 4).release())).toBeUndefined();
    // A group larger than the share is refused, and says so.
    expect(() => slots.admit('client', undefined, 5)).toThrow(/^A dub into 5 languages is 5 jobs, more than the 4/);
  });
});
