import { RunSlots } from '../run-slots.js';
import type { SavedRun } from './saved-run.js';

/**
 * How several languages of one upload run: the first listens (ingest, separation, speech,
 * speakers, recognition) and, as soon as it has heard the media, the others start from what it
 * heard and run beside it, at most `atOnce` languages at a time (the listening one included), in
 * the order asked. A language that stops before it has heard hands the listening to the next.
 */
export interface LanguagesAtOnce<Shared, Result> {
  /** How many languages, in the order asked. */
  count: number;
  /** Languages running at once; 1 runs them one after another. */
  atOnce: number;
  /** What an earlier run already heard (a finished job of the group), so that nothing listens again. */
  heard?: Shared;
  /**
   * Makes what a language heard ready for the others (for instance, their links to its files),
   * before that language goes on: a run that is cancelled right after cannot take the files away.
   */
  share: (heard: SavedRun, index: number) => Promise<Shared>;
  /**
   * Runs one language: `from` is what another heard (undefined: this one listens, and calls
   * `onHeard` once it has heard). A run that throws counts as having stopped (see runLanguages).
   */
  run: (index: number, from: Shared | undefined, onHeard: (heard: SavedRun) => Promise<void>) => Promise<Result>;
  /** A language waits: for another to hear the media (`listener`), or for a turn (undefined). */
  onWaiting?: (index: number, listener: number | undefined) => void;
}

/**
 * Runs every language as LanguagesAtOnce describes and returns each run's outcome, settled, in
 * the order asked; it returns once every run has ended (none is left running).
 */
export async function runLanguages<Shared, Result>(
  plan: LanguagesAtOnce<Shared, Result>,
): Promise<PromiseSettledResult<Result>[]> {
  const slots = new RunSlots(Math.max(1, plan.atOnce));
  const runs: Promise<PromiseSettledResult<Result>>[] = [];
  let heard = plan.heard;
  let next = 0;
  while (next < plan.count) {
    if (heard === undefined) {
      const listener = next++;
      for (let waiting = next; waiting < plan.count; waiting++) plan.onWaiting?.(waiting, listener);
      const listening = listen(plan, listener, slots);
      runs.push(listening.run);
      heard = await listening.heard;
      continue;
    }
    const index = next++;
    if (!slots.free()) plan.onWaiting?.(index, undefined);
    const from = heard;
    runs.push(slots.run(() => settle(plan.run(index, from, () => Promise.resolve()))));
  }
  return Promise.all(runs);
}

/** One language that listens: its run, and what it heard (undefined if it ended without hearing). */
function listen<Shared, Result>(
  plan: LanguagesAtOnce<Shared, Result>,
  index: number,
  slots: RunSlots,
): { run: Promise<PromiseSettledResult<Result>>; heard: Promise<Shared | undefined> } {
  let tell: (heard: Shared | undefined) => void = () => undefined;
  const heard = new Promise<Shared | undefined>((resolve) => (tell = resolve));
  const run = slots
    .run(() => settle(plan.run(index, undefined, async (saved) => tell(await shared(plan, saved, index)))))
    .finally(() => tell(undefined));
  return { run, heard };
}

/** What a listener heard, shared; undefined when sharing failed (the next language listens again). */
async function shared<Shared>(
  plan: Pick<LanguagesAtOnce<Shared, unknown>, 'share'>,
  saved: SavedRun,
  index: number,
): Promise<Shared | undefined> {
  return plan.share(saved, index).catch(() => undefined);
}

async function settle<Result>(work: Promise<Result>): Promise<PromiseSettledResult<Result>> {
  try {
    return { status: 'fulfilled', value: await work };
  } catch (reason) {
    return { status: 'rejected', reason };
  }
}
