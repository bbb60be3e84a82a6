import type { DiskJobStore } from './disk-job-store.js';
import type { JobPatch, JobRecord } from './job-record.js';

/**
 * The abort reason of a run whose worker lost the job's queue lock (its event loop stalled past
 * the lock time, and the queue handed the job to another worker): it stops, and leaves the job
 * to whoever holds it now.
 */
export const LOCK_LOST = 'lock-lost';

/**
 * Thrown by a write of a run that no longer owns its job: another run has taken the job up since
 * (the record's run token is no longer this run's). Nothing was written.
 */
export class RunSuperseded extends Error {
  constructor(
    readonly jobId: string,
    readonly token: number,
    readonly current: number | undefined,
  ) {
    super(`Run ${token} of job ${jobId} was taken over by run ${current ?? 'none'}: its write was refused.`);
    this.name = 'RunSuperseded';
  }
}

/**
 * A fencing token for one run of a job. Taking the job up gives the run the next token (kept in
 * the record); every write the run makes to the job's record or files goes through `write`,
 * which holds the job's lock and checks that the record still carries this run's token. A worker
 * that stalled past its queue lock, while the job went to another worker, wakes with an old token:
 * its first write is refused (RunSuperseded) and the run stops, so a job is never run twice to the end.
 */
export class RunFence {
  private superseded = false;

  constructor(
    private readonly store: DiskJobStore,
    readonly jobId: string,
    readonly token: number,
  ) {}

  /** The token the next run of a job takes up (the first run's is 1). */
  static nextToken(record: Pick<JobRecord, 'runToken'>): number {
    return (record.runToken ?? 0) + 1;
  }

  /** Whether a write of this run has been refused (it stops, and says nothing more of the job). */
  get lost(): boolean {
    return this.superseded;
  }

  /** Runs `work` under the job's lock if this run still owns the job; refused with RunSuperseded if not. */
  write<T>(work: () => Promise<T>): Promise<T> {
    if (this.superseded) return Promise.reject(new RunSuperseded(this.jobId, this.token, undefined));
    return this.store.exclusive(this.jobId, async () => {
      this.requireOwn(await this.store.get(this.jobId));
      return work();
    });
  }

  /** Changes the job's record as this run: the token is checked on the record the change reads (one read). */
  update<Request>(patch: JobPatch<Request>): Promise<JobRecord<Request>> {
    if (this.superseded) return Promise.reject(new RunSuperseded(this.jobId, this.token, undefined));
    return (this.store as DiskJobStore<Request>).change(this.jobId, (current) => {
      this.requireOwn(current);
      return patch;
    });
  }

  private requireOwn({ runToken }: Pick<JobRecord, 'runToken'>): void {
    if (runToken === this.token) return;
    this.superseded = true;
    throw new RunSuperseded(this.jobId, this.token, runToken);
  }
}
