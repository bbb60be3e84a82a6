import { JOB_STATES, type JobState } from '@voxlate/contract';
import type { RunnerIdentity } from './runner-identity.js';

// The contract's states, declared once there: the record keeps what the wire shows.
export { JOB_STATES, type JobState };

/** What the store keeps of a job, besides its files. `request` is the caller's, kept as given. */
export interface JobRecord<Request = unknown> {
  id: string;
  state: JobState;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
  /** Goes up by one with every edit of the job's lines. */
  revision: number;
  /** 0-100. */
  progress: number;
  request: Request;
  warnings: string[];
  stageSeconds: Record<string, number>;
  /** Why it failed, when it did (the message is for the creator; `detail`, for the logs, is never sent). */
  error?: { message: string; code: string; detail?: string };
  /** Lines edited since the last render (sorted segment ids), and those whose source text changed. */
  edited?: EditedLines;
  /** The revision at which each line (by segment id) last changed; a line not named never was. */
  lineRevisions?: Record<string, number>;
  /** The names the creator gave speakers (by speaker id); a speaker not named is shown by id. */
  speakerNames?: Record<string, string>;
  /** Lines the creator marked checked (their flags looked at): not counted among the lines wanting a look. */
  checkedLines?: number[];
  /** What the current (or last) run does: the whole dub, or a re-render of edited lines. */
  work?: JobWork;
  /** The process that took the job up last (a running job whose runner died is taken up again). */
  runner?: RunnerIdentity;
  /**
   * The fencing token of the run that owns the job now: goes up by one each time a run takes the
   * job up, and a run's writes are refused once it is no longer its own (see RunFence).
   */
  runToken?: number;
  /** The finished output, in the job's folder, and the revision it renders. */
  result?: { file: string; container: 'mp4' | 'wav'; revision: number };
}

export interface EditedLines {
  lines: number[];
  retranslate: number[];
}

export type JobWork = { kind: 'dub' } | ({ kind: 'render'; revision: number } & EditedLines);

/** What a caller may change in a record (the id and creation time never change); undefined removes a field. */
export type JobPatch<Request> = {
  [Field in Exclude<keyof JobRecord<Request>, 'id' | 'createdAt' | 'updatedAt'>]?:
    JobRecord<Request>[Field] | undefined;
};
