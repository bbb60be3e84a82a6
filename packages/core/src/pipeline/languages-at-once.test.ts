import { describe, expect, it } from 'vitest';
import { runLanguages } from './languages-at-once.js';
import type { SavedRun } from './saved-run.js';

/** A SavedRun standing for "what language `index` heard" (only its identity matters here). */
function heardBy(index: number): SavedRun {
  return {
    timeline: {
      sourceLanguage: 'eng',
      targetLanguage: 'spa',
      duration: index,
      sampleRate: 0,
      segments: [],
      warnings: [],
    },
    sourceTracks: [],
    stageSeconds: {},
  };
}

/** A run whose steps a test releases by hand: hearing, then ending (or failing). */
class ScriptedRuns {
  readonly log: string[] = [];
  running = 0;
  peak = 0;
  private readonly steps = new Map<string, () => void>();

  run = async (
    index: number,
    from: number | undefined,
    onHeard: (heard: SavedRun) => Promise<void>,
  ): Promise<string> => {
    this.running++;
    this.peak = Math.max(this.peak, this.running);
    this.log.push(`start ${index} from ${from ?? 'nothing'}`);
    try {
      if (from === undefined) {
        const heard = await this.step(`hear ${index}`);
        if (heard === 'fail') throw new Error(`language ${index} failed before hearing`);
        await onHeard(heardBy(index));
      }
      if ((await this.step(`end ${index}`)) === 'fail') throw new Error(`language ${index} failed`);
      return `done ${index}`;
    } finally {
      this.running--;
    }
  };

  /** Lets the named step go on ('ok') or fail, once the run has reached it. */
  async release(name: string, outcome: 'ok' | 'fail' = 'ok'): Promise<void> {
    while (!this.steps.has(name)) await new Promise((resolve) => setImmediate(resolve));
    const go = this.steps.get(name)!;
    this.steps.delete(name);
    this.outcomes.set(name, outcome);
    go();
  }

  private readonly outcomes = new Map<string, 'ok' | 'fail'>();

  private async step(name: string): Promise<'ok' | 'fail'> {
    await new Promise<void>((resolve) => this.steps.set(name, resolve));
    return this.outcomes.get(name)!;
  }
}

describe('runLanguages', () => {
  it('starts the others once the first has heard, at most atOnce at a time, in the order asked', async () => {
    const runs = new ScriptedRuns();
    const waiting: string[] = [];
    const done = runLanguages<number, string>({
      count: 3,
      atOnce: 2,
      share: (heard) => Promise.resolve(heard.timeline.duration),
      run: runs.run,
      onWaiting: (index, listener) => waiting.push(`${index} waits for ${listener ?? 'a turn'}`),
    });
    await runs.release('hear 0');
    // The second starts beside the first; the third waits for a turn.
    await runs.release('end 1');
    await runs.release('end 0');
    await runs.release('end 2');
    const settled = await done;
    expect(settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed'))).toEqual([
      'done 0',
      'done 1',
      'done 2',
    ]);
    expect(runs.log).toEqual(['start 0 from nothing', 'start 1 from 0', 'start 2 from 0']);
    expect(runs.peak).toBe(2);
    expect(waiting).toEqual(['1 waits for 0', '2 waits for 0', '2 waits for a turn']);
  });

  it('hands the listening to the next language when the first fails before hearing', async () => {
    const runs = new ScriptedRuns();
    const done = runLanguages<number, string>({
      count: 3,
      atOnce: 3,
      share: (heard) => Promise.resolve(heard.timeline.duration),
      run: runs.run,
    });
    await runs.release('hear 0', 'fail');
    await runs.release('hear 1');
    await runs.release('end 2');
    await runs.release('end 1');
    const settled = await done;
    expect(settled.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(runs.log).toEqual(['start 0 from nothing', 'start 1 from nothing', 'start 2 from 1']);
  });

  it('listens nowhere when a run heard already, and runs one at a time with atOnce 1', async () => {
    const runs = new ScriptedRuns();
    const done = runLanguages<number, string>({
      count: 2,
      atOnce: 1,
      heard: 7,
      share: async () => Promise.reject(new Error('nothing listens')),
      run: runs.run,
    });
    await runs.release('end 0');
    await runs.release('end 1');
    await done;
    expect(runs.log).toEqual(['start 0 from 7', 'start 1 from 7']);
    expect(runs.peak).toBe(1);
  });

  it('lets the others listen again when sharing what was heard fails, and never returns while a run goes on', async () => {
    const runs = new ScriptedRuns();
    let ended = false;
    const done = runLanguages<number, string>({
      count: 2,
      atOnce: 2,
      share: async () => Promise.reject(new Error('the folder could not be linked')),
      run: runs.run,
    }).then((settled) => {
      ended = true;
      return settled;
    });
    await runs.release('hear 0');
    await runs.release('hear 1');
    await runs.release('end 1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toBe(false);
    await runs.release('end 0');
    expect((await done).map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs.log).toEqual(['start 0 from nothing', 'start 1 from nothing']);
  });
});
