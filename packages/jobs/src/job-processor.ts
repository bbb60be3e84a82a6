import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Cancelled,
  isVoxlateError,
  NotFound,
  userMessage,
  type DubRequest,
  type OutputContainer,
  type PipelineEvent,
  type RunOptions,
  type SavedRun,
  type Timeline,
} from '@voxlate/core';
import type { DiskJobStore } from './disk-job-store.js';
import { JobCheckpoints } from './job-checkpoints.js';
import type { JobRecord, JobWork } from './job-record.js';
import type { JobRequest } from './job-request.js';
import { PROCESS_STOPPING, type JobUpdateListener } from './job-updates.js';
import { ProgressPhases } from './progress-phases.js';
import { writeResultFiles } from './result-files.js';

/** What a finished dub hands back (the runtime's Dubber gives this and more). */
export interface FinishedDub {
  timeline: Timeline;
  container: OutputContainer;
  stageSeconds: Partial<Record<string, number>>;
  provenance: unknown;
}

export type JobOutcome = 'settled' | 'already-settled' | 'stopped';

/** Runs a dub in a folder that outlives it: the job's, where a resume or a re-render finds its files. */
export type DubInFolder = (workDir: string, request: DubRequest, run: RunOptions) => Promise<FinishedDub>;

/** The job's current run state (the last render's, with the edits made since on its Timeline). */
export const CURRENT_RUN = 'current.json';
export const PROVENANCE = 'provenance.json';

/** Least time between two progress figures written to the record (they are also sent as they come). */
const PROGRESS_WRITE_MS = 1000;

/**
 * Runs one job from its record: the whole dub, or a re-render of the lines edited since, going
 * on from the last stage kept when an earlier run was cut short. The record follows the job
 * (running, progress, ready or failed), and watchers are told as it goes. A job that is already
 * finished is left as it is, so a job handed out twice is never done twice.
 */
export class JobProcessor {
  constructor(
    private readonly store: DiskJobStore<JobRequest>,
    private readonly dub: DubInFolder,
  ) {}

  /**
   * Returns 'settled' when this run ended the job (ready, failed, cancelled), 'already-settled'
   * when it had ended before (handed out twice: nothing is done), or 'stopped' when its process
   * is stopping and the job was left to resume.
   */
  async process(id: string, signal: AbortSignal, onUpdate: JobUpdateListener = () => undefined): Promise<JobOutcome> {
    // A job removed since it was queued (deleted, or refused while the queue was unreachable and
    // added late by the queue's client) has nothing left to run.
    const record = await this.store.get(id).catch((error: unknown) => {
      if (error instanceof NotFound) return undefined;
      throw error;
    });
    if (!record) return 'already-settled';
    if (record.state !== 'queued' && record.state !== 'running') return 'already-settled';
    const work: JobWork = record.work ?? { kind: 'dub' };
    const started = await this.store.update(id, { state: 'running', work, error: undefined });
    onUpdate({ type: 'state', state: 'running', revision: started.revision });
    try {
      await this.run(started, work, signal, onUpdate);
      return 'settled';
    } catch (error) {
      return this.settleFailure(started, work, signal, error, onUpdate);
    }
  }

  private async run(
    record: JobRecord<JobRequest>,
    work: JobWork,
    signal: AbortSignal,
    onUpdate: JobUpdateListener,
  ): Promise<void> {
    const { id, request } = record;
    const folder = this.store.folder(id);
    const revision = work.kind === 'render' ? work.revision : 0;
    const checkpoints = new JobCheckpoints(this.store, id, { request, revision, work });
    const base = work.kind === 'render' ? await this.store.readJson<SavedRun>(id, CURRENT_RUN) : undefined;
    const output = join(folder, 'result', `dubbed-r${revision}.${request.outputContainer}`);
    const finished = await this.dub(join(folder, 'work'), dubRequestOf(folder, request, output), {
      signal,
      onEvent: this.relay(id, request, onUpdate),
      checkpoints,
      ...(work.kind === 'render' && base
        ? {
            redo: {
              base,
              lines: new Set(work.lines),
              retranslate: new Set(work.retranslate),
              ...(record.result ? { previousOutput: record.result.file } : {}),
            },
          }
        : {}),
    });
    if (checkpoints.latest) await this.store.writeJson(id, CURRENT_RUN, checkpoints.latest);
    await this.store.writeJson(id, PROVENANCE, finished.provenance);
    const stageSeconds = secondsOf(finished.stageSeconds);
    await writeResultFiles(join(folder, 'result'), { ...finished, stageSeconds });
    const previous = record.result;
    const done = await this.store.update(id, {
      state: 'ready',
      progress: 100,
      work: undefined,
      edited: undefined,
      warnings: finished.timeline.warnings,
      stageSeconds,
      result: { file: output, container: finished.container === 'mp4' ? 'mp4' : 'wav', revision },
    });
    if (previous && previous.file !== output) await rm(previous.file, { force: true });
    onUpdate({ type: 'progress', progress: 100, phase: 'Done' });
    onUpdate({ type: 'state', state: 'ready', revision: done.revision });
  }

  /**
   * A stopping process leaves the job to be resumed; a cancel ends a first dub (its files go) but
   * leaves a re-render's job with its last result and its edits; any other error is recorded.
   */
  private async settleFailure(
    record: JobRecord<JobRequest>,
    work: JobWork,
    signal: AbortSignal,
    error: unknown,
    onUpdate: JobUpdateListener,
  ): Promise<JobOutcome> {
    const { id } = record;
    if (signal.aborted && signal.reason === PROCESS_STOPPING) {
      await this.store.update(id, { state: 'queued' });
      return 'stopped';
    }
    const cancelled = error instanceof Cancelled || signal.aborted;
    const described = cancelled ? { message: 'The job was cancelled.', code: 'Cancelled' } : describeFailure(error);
    const state = work.kind === 'render' ? 'stale' : cancelled ? 'cancelled' : 'failed';
    const updated = await this.store.update(id, { state, work: undefined, error: described });
    if (state === 'cancelled') await rm(join(this.store.folder(id), 'work'), { recursive: true, force: true });
    onUpdate({
      type: 'state',
      state,
      revision: updated.revision,
      error: { message: described.message, code: described.code },
    });
    return 'settled';
  }

  /** Pipeline events as job updates (progress and phase, warnings), and progress kept in the record. */
  private relay(id: string, request: JobRequest, onUpdate: JobUpdateListener): (event: PipelineEvent) => void {
    const phases = new ProgressPhases(request.outputContainer === 'mp4');
    let written = 0;
    return (event) => {
      if (event.type === 'warning') onUpdate({ type: 'warning', message: event.message });
      const update = phases.update(event);
      if (!update) return;
      onUpdate({ type: 'progress', ...update });
      if (Date.now() - written < PROGRESS_WRITE_MS) return;
      written = Date.now();
      void this.store.update(id, { progress: update.progress }).catch(() => undefined);
    };
  }
}

/** What the creator is told (an internal error's own text stays in `detail`, for the logs). */
function describeFailure(error: unknown): { message: string; code: string; detail?: string } {
  const message = userMessage(error);
  if (isVoxlateError(error) && error.code !== 'Internal') return { message, code: error.code };
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { message, code: 'Internal', detail };
}

function dubRequestOf(folder: string, request: JobRequest, output: string): DubRequest {
  return {
    input: join(folder, 'input', request.inputFile),
    output,
    sourceLanguage: request.sourceLanguage,
    targetLanguage: request.targetLanguage,
    outputContainer: request.outputContainer,
    engines: request.engines,
    ...(request.transcript === undefined ? {} : { transcript: request.transcript }),
    ...(request.glossary === undefined
      ? {}
      : { glossary: { sourceLanguage: request.glossary.sourceLanguage, terms: request.glossary.terms } }),
    choices: request.choices,
  };
}

function secondsOf(stageSeconds: Partial<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(stageSeconds).flatMap(([stage, seconds]) => (seconds === undefined ? [] : [[stage, seconds]])),
  );
}
