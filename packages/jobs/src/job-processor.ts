import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Cancelled,
  dubTaskOf,
  isVoxlateError,
  LANGUAGES,
  NotFound,
  runLanguages,
  userMessage,
  whenAborted,
  type DubRequest,
  type OutputContainer,
  type PipelineEvent,
  type RunOptions,
  type SavedRun,
  type Timeline,
} from '@voxlate/core';
import { UsageLedger } from '@voxlate/workspace';
import type { DiskJobStore } from './disk-job-store.js';
import { JobCheckpoints } from './job-checkpoints.js';
import type { JobRecord, JobWork } from './job-record.js';
import type { JobRequest } from './job-request.js';
import { jobsOfEntry } from './job-group.js';
import { START_WAIT_MS } from './job-locks.js';
import { thisRunner } from './runner-identity.js';
import { PROCESS_STOPPING, type JobUpdate, type JobUpdateListener } from './job-updates.js';
import { ProgressPhases } from './progress-phases.js';
import { awaitsItsLink, type FetchLinkedMedia } from './linked-media.js';
import { writeResultFiles } from './result-files.js';
import { secondsOfLines } from './line-edits.js';
import { adoptSharedRun } from './shared-run.js';
import { LOCK_LOST, RunFence } from './run-fence.js';
import { carryOverUnpublished, removeOtherOutputs, runOutputPath } from './run-output.js';

/** What a finished dub hands back (the dubber package's Dubber gives this and more). */
export interface FinishedDub {
  timeline: Timeline;
  container: OutputContainer;
  stageSeconds: Partial<Record<string, number>>;
  provenance: unknown;
}

/**
 * How a run ended: it settled its jobs, they had settled before, its process is stopping (the
 * jobs resume later), or it lost its job to another run (its writes were refused: see RunFence).
 */
export type JobOutcome = 'settled' | 'already-settled' | 'stopped' | 'lost';

/** Updates of the jobs a queue entry runs, each with its job's id (a group's entry runs several). */
export type JobsUpdateListener = (id: string, update: JobUpdate) => void;

/**
 * Runs a dub in a folder that outlives it: the job's, where a resume or a re-render finds its
 * files. `workspace` owns the job (its translation memory is the one the dub uses).
 */
export type DubInFolder = (
  workDir: string,
  request: DubRequest,
  run: RunOptions,
  workspace: string | undefined,
) => Promise<FinishedDub>;

/** The job's current run state (the last render's, with the edits made since on its Timeline). */
export const CURRENT_RUN = 'current.json';
/** The run as the result was made from it: edits never touch it (a job's stems are made from it). */
export const RENDERED_RUN = 'rendered.json';
export const PROVENANCE = 'provenance.json';

/** The phase a URL import's job shows while its link is fetched. */
export const FETCHING_THE_LINK = 'Fetching the link...';

/** Least time between two progress figures written to the record (they are also sent as they come). */
const PROGRESS_WRITE_MS = 1000;

export interface JobProcessorOptions {
  /** A group's languages dubbed at once (its share of the cores: see languagesAtOnce). */
  languagesAtOnce: number;
  /** Fetches a URL import's link as its job's first step (the service's link rules); such jobs fail without it. */
  fetchLinked?: FetchLinkedMedia;
}

/** What a job of a group starts from: another job's run (what it heard), and that job's folder. */
interface SharedRun {
  run: SavedRun;
  folder: string;
  /** The run already made theirs by jobs that were waiting for it (linked into their folders). */
  adopted?: ReadonlyMap<string, SavedRun>;
}

/**
 * Runs one queue entry from the job store: one job's whole dub or re-render of the lines edited
 * since, or a group's first dubs (several languages of one upload: see processGroup). A run goes on from the last stage kept
 * when an earlier one was cut short. The record follows the job (running, progress, ready or
 * failed), and watchers are told as it goes. A job that is already finished is left as it is,
 * so a job handed out twice is never done twice; and every write of a run is fenced (RunFence), so
 * a run that lost its job to another (its worker stalled past the queue's lock) stops at its next
 * write instead of finishing the job a second time.
 */
export class JobProcessor {
  /** The jobs running here now, to stop one of a group without its entry. */
  private readonly running = new Map<string, AbortController>();

  /** What each workspace dubbed, counted here as each dub is published (in the shared data folder). */
  private readonly usage: UsageLedger;

  constructor(
    private readonly store: DiskJobStore<JobRequest>,
    private readonly dub: DubInFolder,
    private readonly options: JobProcessorOptions = { languagesAtOnce: 1 },
  ) {
    this.usage = new UsageLedger(store.root);
  }

  /**
   * Returns 'settled' when this run ended its jobs (ready, failed, cancelled), 'already-settled'
   * when they had ended before (handed out twice: nothing is done), or 'stopped' when its process
   * is stopping and the jobs were left to resume.
   */
  async process(
    entry: { id: string; group: boolean },
    signal: AbortSignal,
    onUpdate: JobsUpdateListener = () => undefined,
  ): Promise<JobOutcome> {
    // A job removed since it was queued (deleted, or refused while the queue was unreachable and
    // added late by the queue's client) has nothing left to run.
    const first = await this.find(entry.id);
    if (!first) return 'already-settled';
    if (signal.reason === PROCESS_STOPPING) return 'stopped';
    const ids = jobsOfEntry(entry, first);
    if (ids.length === 1) return this.processOne(first.id, signal, (update) => onUpdate(first.id, update));
    return this.processGroup(entry, ids, signal, onUpdate);
  }

  /**
   * A group's first dubs: one job listens and the others go on from what it heard as soon as it
   * has (runLanguages), `languagesAtOnce` at a time. A job of the group that already has a run of
   * its own (finished, or being re-rendered on its own entry) is what the others go on from.
   */
  private async processGroup(
    entry: { id: string; group: boolean },
    ids: readonly string[],
    signal: AbortSignal,
    onUpdate: JobsUpdateListener,
  ): Promise<JobOutcome> {
    const toRun: JobRecord<JobRequest>[] = [];
    let heard: SharedRun | undefined;
    for (const id of ids) {
      const record = await this.find(id);
      if (!record) continue;
      const rendering = entry.group && record.work?.kind === 'render';
      if (record.state === 'ready' || record.state === 'stale' || rendering) heard ??= await this.sharedRunOf(id);
      else if (record.state === 'queued' || record.state === 'running') toRun.push(record);
    }
    const settled = await runLanguages<SharedRun, JobOutcome>({
      count: toRun.length,
      atOnce: this.options.languagesAtOnce,
      ...(heard ? { heard } : {}),
      share: (saved, index) => this.share(saved, toRun[index]!.id, toRun.slice(index + 1)),
      run: async (index, shared, onHeard) => {
        if (signal.reason === PROCESS_STOPPING) return 'stopped';
        const { id } = toRun[index]!;
        return this.processOne(id, signal, (update) => onUpdate(id, update), shared, onHeard);
      },
      onWaiting: (index, listener) => {
        const phase =
          listener === undefined
            ? `Waiting for a turn: ${this.options.languagesAtOnce} languages are dubbed at once`
            : `Waiting for the ${LANGUAGES[toRun[listener]!.request.targetLanguage].name} dub to hear the speech`;
        onUpdate(toRun[index]!.id, { type: 'progress', progress: 0, phase });
      },
    });
    const outcomes = settled.map((outcome) => {
      if (outcome.status === 'rejected') throw outcome.reason;
      return outcome.value;
    });
    if (outcomes.includes('stopped')) return 'stopped';
    if (outcomes.includes('lost')) return 'lost';
    return outcomes.includes('settled') ? 'settled' : 'already-settled';
  }

  /**
   * Stops a job of a group that runs here now (its group goes on with the next); false when it
   * does not run here.
   */
  cancelRunning(id: string): boolean {
    const controller = this.running.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  private async processOne(
    id: string,
    entrySignal: AbortSignal,
    onUpdate: JobUpdateListener,
    shared?: SharedRun,
    onHeard?: (heard: SavedRun) => Promise<void>,
  ): Promise<JobOutcome> {
    const taken = await this.takeUp(id);
    if (!taken) return 'already-settled';
    const { record: started, fence } = taken;
    const work: JobWork = started.work ?? { kind: 'dub' };
    const controller = new AbortController();
    // A run that lost its job says nothing more of it: the run that owns it now speaks for it.
    const say: JobUpdateListener = (update) => {
      if (!fence.lost && controller.signal.reason !== LOCK_LOST) onUpdate(update);
    };
    say({ type: 'state', state: 'running', revision: started.revision });
    const stopForwarding = whenAborted(entrySignal, () => controller.abort(entrySignal.reason));
    this.running.set(id, controller);
    const { signal } = controller;
    try {
      const from =
        shared && work.kind === 'dub' ? (shared.adopted?.get(id) ?? (await this.adopt(shared, id))) : undefined;
      await this.run(started, fence, work, signal, say, from, onHeard);
      return 'settled';
    } catch (error) {
      return this.settleFailure(started, fence, work, signal, error, say);
    } finally {
      stopForwarding();
      this.running.delete(id);
    }
  }

  /**
   * Takes the job up under its lock, with the next run token, if it still waits or runs (a cancel
   * of a job still waiting in its group settles it there). A lock left by a process killed a
   * moment ago (a service restarted at once) is waited out.
   */
  private async takeUp(id: string): Promise<{ record: JobRecord<JobRequest>; fence: RunFence } | undefined> {
    return this.store
      .exclusive(
        id,
        async () => {
          const record = await this.store.get(id);
          if (record.state !== 'queued' && record.state !== 'running') return undefined;
          const runToken = RunFence.nextToken(record);
          const started = await this.store.update(id, {
            state: 'running',
            work: record.work ?? { kind: 'dub' },
            error: undefined,
            runner: thisRunner(),
            runToken,
          });
          return { record: started, fence: new RunFence(this.store, id, runToken) };
        },
        START_WAIT_MS,
      )
      .catch((error: unknown) => {
        if (error instanceof NotFound) return undefined;
        throw error;
      });
  }

  private async find(id: string): Promise<JobRecord<JobRequest> | undefined> {
    return this.store.get(id).catch((error: unknown) => {
      if (error instanceof NotFound) return undefined;
      throw error;
    });
  }

  private async sharedRunOf(id: string): Promise<SharedRun | undefined> {
    const run = await this.store.readJson<SavedRun>(id, CURRENT_RUN).catch(() => undefined);
    return run ? { run, folder: this.store.folder(id) } : undefined;
  }

  /**
   * What a job of a group heard, made theirs at once by the jobs still waiting (its files linked
   * into their folders): a listener cancelled a moment later takes its folder away, not theirs.
   */
  private async share(heard: SavedRun, listener: string, waiting: readonly JobRecord[]): Promise<SharedRun> {
    const shared = { run: heard, folder: this.store.folder(listener) };
    const adopted = new Map<string, SavedRun>();
    for (const { id } of waiting) {
      const state = (await this.find(id))?.state;
      if (state === 'queued' || state === 'running') adopted.set(id, await this.adopt(shared, id));
    }
    return { ...shared, adopted };
  }

  private adopt(shared: SharedRun, id: string): Promise<SavedRun> {
    return adoptSharedRun(shared.run, shared.folder, this.store.folder(id));
  }

  private async run(
    taken: JobRecord<JobRequest>,
    fence: RunFence,
    work: JobWork,
    signal: AbortSignal,
    onUpdate: JobUpdateListener,
    shared: SavedRun | undefined,
    onHeard: ((heard: SavedRun) => Promise<void>) | undefined,
  ): Promise<void> {
    const record = awaitsItsLink(taken.request) ? await this.fetchLink(taken, fence, signal, onUpdate) : taken;
    const { id, request } = record;
    const folder = this.store.folder(id);
    const revision = work.kind === 'render' ? work.revision : 0;
    const checkpoints = new JobCheckpoints(this.store, fence, { request, revision, work });
    const base = work.kind === 'render' ? await this.store.readJson<SavedRun>(id, CURRENT_RUN) : undefined;
    const output = runOutputPath(join(folder, 'result'), revision, fence.token, request.outputContainer);
    await fence.write(() => carryOverUnpublished(output));
    const run = {
      signal,
      onEvent: this.relay(fence, request, onUpdate),
      checkpoints,
      ...(shared ? { shared } : {}),
      ...(onHeard && work.kind === 'dub' ? { onHeard } : {}),
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
    };
    const finished = await this.dub(
      join(folder, 'work'),
      dubRequestOf(folder, request, output),
      run,
      request.workspace,
    );
    const stageSeconds = secondsOf(finished.stageSeconds);
    // The result is published whole by the run that owns the job, or not at all.
    const done = await fence
      .write(async () => {
        if (checkpoints.latest) {
          await this.store.writeJson(id, RENDERED_RUN, checkpoints.latest);
          await this.store.writeJson(id, CURRENT_RUN, checkpoints.latest);
        }
        await this.store.writeJson(id, PROVENANCE, finished.provenance);
        await writeResultFiles(join(folder, 'result'), { ...finished, stageSeconds });
        // Counted before the job is shown ready: a run that dies here is counted once when it runs again.
        await this.countUsage(record, work, finished.timeline);
        const previous = (await this.store.get(id)).result;
        const ready = await this.store.update(id, {
          state: 'ready',
          progress: 100,
          work: undefined,
          edited: undefined,
          warnings: finished.timeline.warnings,
          stageSeconds,
          result: { file: output, container: finished.container === 'mp4' ? 'mp4' : 'wav', revision },
        });
        if (previous && previous.file !== output) await rm(previous.file, { force: true });
        await removeOtherOutputs(output);
        return ready;
      })
      .catch(async (error: unknown) => {
        // Refused: the file this run made is nobody's result.
        if (fence.lost) await rm(output, { force: true });
        throw error;
      });
    onUpdate({ type: 'progress', progress: 100, phase: 'Done' });
    onUpdate({ type: 'state', state: 'ready', revision: done.revision });
  }

  /**
   * Counts a published dub against its workspace's month: the media it dubbed (the part asked
   * for, or the whole), or for a re-dub the lines it dubbed again. A service without keys has no
   * workspace and counts nothing.
   */
  private async countUsage(record: JobRecord<JobRequest>, work: JobWork, timeline: Timeline): Promise<void> {
    const { workspace, targetLanguage, mediaSeconds } = record.request;
    if (workspace === undefined) return;
    const redub = work.kind === 'render';
    const seconds = redub ? secondsOfLines(timeline.segments, work.lines) : (mediaSeconds ?? timeline.duration);
    await this.usage.record(workspace, {
      job: record.id,
      revision: work.kind === 'render' ? work.revision : 0,
      seconds: Math.round(seconds * 100) / 100,
      language: targetLanguage,
      kind: redub ? 'redub' : 'dub',
      at: new Date().toISOString(),
    });
  }

  /**
   * A URL import's first step: its link fetched into its input folder and looked at, the record
   * then holding what came (a run resumed before the fetch ended fetches it again).
   */
  private async fetchLink(
    record: JobRecord<JobRequest>,
    fence: RunFence,
    signal: AbortSignal,
    onUpdate: JobUpdateListener,
  ): Promise<JobRecord<JobRequest>> {
    const fetchLinked = this.options.fetchLinked;
    if (!fetchLinked) throw new Error('This process cannot fetch links: it was started without a link fetcher.');
    onUpdate({ type: 'progress', progress: 0, phase: FETCHING_THE_LINK });
    const folder = join(this.store.folder(record.id), 'input');
    const media = await fetchLinked(folder, record.request, signal);
    return fence.update({ request: { ...record.request, ...media } });
  }

  /**
   * A stopping process leaves the job to be resumed, and so does a run whose worker lost the
   * queue's lock (unless another run has the job already); a run whose write was refused has
   * lost the job and writes nothing more. A cancel ends a first dub (its files go) but leaves a
   * re-render's job with its last result and its edits; any other error is recorded.
   */
  private async settleFailure(
    record: JobRecord<JobRequest>,
    fence: RunFence,
    work: JobWork,
    signal: AbortSignal,
    error: unknown,
    onUpdate: JobUpdateListener,
  ): Promise<JobOutcome> {
    if (fence.lost) return 'lost';
    try {
      return await this.settle(record, fence, work, signal, error, onUpdate);
    } catch (settling) {
      if (fence.lost) return 'lost';
      throw settling;
    }
  }

  private async settle(
    record: JobRecord<JobRequest>,
    fence: RunFence,
    work: JobWork,
    signal: AbortSignal,
    error: unknown,
    onUpdate: JobUpdateListener,
  ): Promise<JobOutcome> {
    const { id } = record;
    if (signal.aborted && (signal.reason === PROCESS_STOPPING || signal.reason === LOCK_LOST)) {
      await fence.update({ state: 'queued' });
      return signal.reason === LOCK_LOST ? 'lost' : 'stopped';
    }
    const cancelled = error instanceof Cancelled || signal.aborted;
    const described = cancelled ? { message: 'The job was cancelled.', code: 'Cancelled' } : describeFailure(error);
    const state = work.kind === 'render' ? 'stale' : cancelled ? 'cancelled' : 'failed';
    const updated = await fence.write(async () => {
      const failed = await this.store.update(id, { state, work: undefined, error: described });
      if (state === 'cancelled') await rm(join(this.store.folder(id), 'work'), { recursive: true, force: true });
      return failed;
    });
    onUpdate({
      type: 'state',
      state,
      revision: updated.revision,
      error: { message: described.message, code: described.code },
    });
    return 'settled';
  }

  /** Pipeline events as job updates (progress and phase, warnings), and progress kept in the record. */
  private relay(fence: RunFence, request: JobRequest, onUpdate: JobUpdateListener): (event: PipelineEvent) => void {
    const phases = new ProgressPhases(request.outputContainer === 'mp4');
    let written = 0;
    return (event) => {
      if (event.type === 'warning') onUpdate({ type: 'warning', message: event.message });
      const update = phases.update(event);
      if (!update) return;
      onUpdate({ type: 'progress', ...update });
      if (Date.now() - written < PROGRESS_WRITE_MS) return;
      written = Date.now();
      void fence.update({ progress: update.progress }).catch(() => undefined);
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
    ...dubTaskOf(request),
    input: join(folder, 'input', request.inputFile),
    output,
    outputContainer: request.outputContainer,
    ...(request.glossary === undefined
      ? {}
      : { glossary: { sourceLanguage: request.glossary.sourceLanguage, terms: request.glossary.terms } }),
  };
}

function secondsOf(stageSeconds: Partial<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(stageSeconds).flatMap(([stage, seconds]) => (seconds === undefined ? [] : [[stage, seconds]])),
  );
}
