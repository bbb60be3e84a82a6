import type { SavedRun, StageCheckpoints, StageName } from '@voxlate/core';

/** Checkpoints in memory (the job store's are tested in packages/jobs), copied like JSON would be. */
export class MemoryCheckpoints implements StageCheckpoints {
  readonly saved = new Map<StageName, SavedRun>();
  load(stage: StageName): Promise<SavedRun | undefined> {
    const state = this.saved.get(stage);
    return Promise.resolve(state ? (JSON.parse(JSON.stringify(state)) as SavedRun) : undefined);
  }
  save(stage: StageName, state: SavedRun): Promise<void> {
    this.saved.set(stage, JSON.parse(JSON.stringify(state)) as SavedRun);
    return Promise.resolve();
  }
}
