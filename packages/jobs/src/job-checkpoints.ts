import type { SavedRun, StageCheckpoints, StageName } from '@voxlate/core';
import type { DiskJobStore } from './disk-job-store.js';
import type { JobWork } from './job-record.js';
import type { RunFence } from './run-fence.js';

/**
 * A run's stage checkpoints in the job store, keyed by the job's request, revision and work, so
 * a resumed run finds exactly its own saved stages and a re-render never takes the stages of an
 * earlier revision (whose clip files it has since replaced). Saved through the run's fence: a run
 * that lost its job to another cannot save over the stages of the run that owns it now.
 */
export class JobCheckpoints implements StageCheckpoints {
  /** The newest state saved by this run (after its last stage: the finished job). */
  latest: SavedRun | undefined;

  constructor(
    private readonly store: DiskJobStore,
    private readonly fence: RunFence,
    private readonly key: { request: unknown; revision: number; work: JobWork },
  ) {}

  async load(stage: StageName): Promise<SavedRun | undefined> {
    const saved = await this.store.loadStage<SavedRun>(this.fence.jobId, stage, this.key);
    if (saved && this.latest === undefined) this.latest = saved;
    return saved;
  }

  async save(stage: StageName, state: SavedRun): Promise<void> {
    await this.fence.write(() => this.store.saveStage(this.fence.jobId, stage, this.key, state));
    this.latest = state;
  }
}
