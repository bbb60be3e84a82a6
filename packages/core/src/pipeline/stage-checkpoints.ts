import type { StageName } from '../events.js';
import type { SavedRun } from './saved-run.js';

/**
 * Where a run keeps its state after each stage, so that a run cut short (a crash, a kill) goes
 * on from the first stage whose output was not saved. The store decides what a saved stage is
 * valid for (the job's request and revision): a run only ever sees its own.
 */
export interface StageCheckpoints {
  load(stage: StageName): Promise<SavedRun | undefined>;
  save(stage: StageName, state: SavedRun): Promise<void>;
}
