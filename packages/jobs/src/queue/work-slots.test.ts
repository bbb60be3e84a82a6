import { describe, expect, it } from 'vitest';
import { Busy, TooManyJobs } from '@voxlate/core';
import { WorkSlots } from './work-slots.js';

const never = new AbortController().signal;

/** A job that runs until told to finish. */
function heldJob(): { work: () => Promise<string>; finish: () => void } {
  let finish = (): void => undefined;
  const done = new Promise<string>((resolve) => (finish = () => resolve('done')));
  return { work: () => done, finish };
}

/** The refusal an admission meets: 'share' past the client's share (429), 'full' when the line is (503). */
function refusalOf(action: () => unknown): 'share' | 'full' | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    if (error instanceof TooManyJobs) return 'share';
    if (error instanceof Busy) return 'full';
    throw error;
  }
}

describe('WorkSlots admission', () => {
  it('decides a burst at admission: places taken there are never refused later', async () => {
    const slots = new WorkSlots({ concurrency: 1, maxWaiting: 2, maxPerClient: 3 });
    // Three requests of one client admitted at once, before any of their jobs is put in line
    // (their records are still being written): the fourth is refused now, with 429.
    const admitted = [0, 1, 2].map(() => slots.admit('client'));
    expect(refusalOf(() => slots.admit('client'))).toBe('share');
    // Another client finds the line full: one running and two waiting places are all taken.
    expect(refusalOf(() => slots.admit('other'))).toBe('full');
    // Each admitted job then runs in turn; none is turned away half-way.
    const jobs = admitted.map(() => heldJob());
    const runs = admitted.map((place, i) => slots.run(jobs[i]!.work, never, { admitted: place }));
    expect(slots.stats()).toEqual({ running: 1, waiting: 2 });
    for (const job of jobs) job.finish();
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done']);
    // All places are back.
    expect(refusalOf(() => slots.admit('client').release())).toBeUndefined();
    expect(slots.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives an abandoned admission its place back, once however often it is released', () => {
    const slots = new WorkSlots({ concurrency: 1, maxWaiting: 0, maxPerClient: 1 });
    const place = slots.admit('client');
    expect(refusalOf(() => slots.admit('client'))).toBe('share');
    place.release();
    place.release();
    const again = slots.admit('client');
    expect(refusalOf(() => slots.admit('someone'))).toBe('full');
    again.release();
    expect(refusalOf(() => slots.admit('someone'))).toBeUndefined();
  });

  it('counts a group of languages as a job a language against its client, and one place in the line', () => {
    const slots = new WorkSlots({ concurrency: 1, maxWaiting: 5, maxPerClient: 4 });
    const group = slots.admit('client', undefined, 3);
    // Three of the client's four: one more language fits, a group of two does not.
    expect(refusalOf(() => slots.admit('client', undefined, 2))).toBe('share');
    const one = slots.admit('client');
    expect(refusalOf(() => slots.admit('client'))).toBe('share');
    // The line counts the group once: others still find places.
    expect(refusalOf(() => slots.admit('other').release())).toBeUndefined();
    // Released, the group gives all three back.
    group.release();
    one.release();
    expect(refusalOf(() => slots.admit('client', undefined, 4).release())).toBeUndefined();
    // A group larger than the share is refused, and says so.
    expect(() => slots.admit('client', undefined, 5)).toThrow(/^A dub into 5 languages is 5 jobs, more than the 4/);
  });
});
