import { join } from 'node:path';
import type { SavedRun } from '@voxlate/core';
import type { Allowance, AllowanceStatus, WorkspaceLibraries } from '@voxlate/workspace';
import { secondsOfLines } from './line-edits.js';
import {
  JobBoard,
  dubInFolderOf,
  type DubberPort,
  type JobRuns,
  type NewJob,
  type StoredJob,
  type Workspace,
} from './board/job-board.js';
import { JobEdits } from './board/job-edits.js';
import type { DiskJobStore } from './disk-job-store.js';
import { openJobStore, type JobRequest } from './job-request.js';
import { JobEventHub, type JobListener, type NumberedUpdate } from './job-event-hub.js';
import type { JobProcessorOptions } from './job-processor.js';

import type { LineEdit } from './line-edits.js';
import { EmbeddedQueue } from './queue/embedded-queue.js';
import type { JobQueue, QueueFactory, QueueStatus } from './queue/job-queue.js';
import { WorkSlots, type Admission, type JobLimits } from './queue/work-slots.js';
import type { QueueLog } from './redis/queue-health.js';
import { RedisQueue } from './redis/redis-queue.js';

/** Where the jobs run: on Redis workers (other processes), or in this process with the dubber given. */
export type JobRunner = { redisUrl: string; log: QueueLog } | { dubber: DubberPort; options: JobProcessorOptions };

/** What the jobs service is made of: the installation's folders and limits, and where jobs run. */
export interface JobsSetup {
  dataDir: string;
  /** The workspaces' glossaries, memory and voices (a job translates with its workspace's memory). */
  libraries: WorkspaceLibraries;
  /** This process's running places, shared by the spec's endpoints and the embedded queue. */
  limits: JobLimits;
  runner: JobRunner;
  retentionMs: number;
  sweepMs: number;
  /** Each workspace's month against its plan; without it (or without keys) no dub is refused for it. */
  allowance?: Allowance;
}

/**
 * The one door to jobs for the service's routes: submit (alone or as a group), read, list, edit,
 * render, cancel, remove and follow a job, and the files in its folder. Behind it are the board
 * (the lifecycle), the edits, the event hub, the queue (embedded or Redis) and the job store;
 * routes see none of them, so how a job runs can change here without touching a route.
 */
export class Jobs {
  private readonly slots: WorkSlots;
  private readonly store: DiskJobStore<JobRequest>;
  private readonly hub = new JobEventHub();
  private readonly board: JobBoard;
  private readonly edits: JobEdits;
  private readonly allowance: Allowance | undefined;

  constructor(setup: JobsSetup) {
    this.allowance = setup.allowance;
    this.slots = new WorkSlots(setup.limits);
    this.store = openJobStore(setup.dataDir);
    const queue: JobQueue = queueFactoryOf(setup, this.slots)(this.store, this.hub);
    this.board = new JobBoard({ store: this.store, hub: this.hub, queue }, setup.retentionMs, setup.sweepMs);
    this.edits = new JobEdits(this.store, this.hub, queue, setup.libraries);
  }

  // The service's life.

  /** Clears what a crash left, removes expired jobs, resumes unfinished ones: their ids. */
  open(): Promise<string[]> {
    return this.board.open();
  }

  /** Stops: waits end (their jobs resume at the next start), then the running spec requests are aborted. */
  async close(): Promise<void> {
    await this.board.close();
    this.slots.abortAll();
  }

  queueStatus(): QueueStatus {
    return this.board.queueStatus();
  }

  /** Jobs running and waiting in this process. */
  runningHere(): { running: number; waiting: number } {
    return this.slots.stats();
  }

  /** Refuses (429/503) when this process could not take one more job from the client now. */
  checkAdmission(client: string): void {
    this.slots.checkAdmission(client);
  }

  // A job's lifecycle.

  /** Refused (402) before it is stored when its workspace's month cannot take it. */
  async submit(job: NewJob, admission: Admission): Promise<StoredJob> {
    await this.admitDubs([job]);
    return this.board.submit(job, admission);
  }

  /** Several languages of one file: one group, admitted together or not at all. */
  async submitGroup(jobs: readonly NewJob[], admission: Admission): Promise<StoredJob[]> {
    await this.admitDubs(jobs);
    return this.board.submitGroup(jobs, admission);
  }

  private async admitDubs(jobs: readonly NewJob[]): Promise<void> {
    const [first] = jobs;
    if (!this.allowance || !first) return;
    await this.allowance.admit(first.request.workspace, {
      ...(first.request.mediaSeconds === undefined ? {} : { seconds: first.request.mediaSeconds }),
      ...(first.request.videoHeight === undefined ? {} : { videoHeight: first.request.videoHeight }),
      languages: jobs.map((job) => job.request.targetLanguage),
    });
  }

  /** The job, if it is the workspace's (else not found, as if it did not exist). */
  get(id: string, workspace: Workspace): Promise<StoredJob> {
    return this.board.get(id, workspace);
  }

  list(page: number, size: number, workspace: Workspace): Promise<{ jobs: StoredJob[]; total: number }> {
    return this.board.list(page, size, workspace);
  }

  group(id: string, workspace: Workspace): Promise<StoredJob[]> {
    return this.board.group(id, workspace);
  }

  current(id: string): Promise<SavedRun | undefined> {
    return this.board.current(id);
  }

  runsOf(job: StoredJob): Promise<JobRuns> {
    return this.board.runsOf(job);
  }

  waitForEnd(id: string, signal?: AbortSignal): Promise<StoredJob> {
    return this.board.waitForEnd(id, signal);
  }

  cancel(id: string): Promise<StoredJob> {
    return this.board.cancel(id);
  }

  remove(id: string): Promise<void> {
    return this.board.remove(id);
  }

  // A finished job's edits.

  editLine(id: string, line: number, edit: LineEdit, against?: number): Promise<StoredJob> {
    return this.edits.edit(id, line, edit, against);
  }

  markChecked(id: string, line: number, checked: boolean): Promise<StoredJob> {
    return this.edits.markChecked(id, line, checked);
  }

  renameSpeaker(id: string, speaker: string, name: string): Promise<StoredJob> {
    return this.edits.renameSpeaker(id, speaker, name);
  }

  changeSpeakerVoice(id: string, speaker: string, voice: string, voices: readonly string[]): Promise<StoredJob> {
    return this.edits.changeSpeakerVoice(id, speaker, voice, voices);
  }

  giveSavedVoice(...given: Parameters<JobEdits['giveSavedVoice']>): Promise<StoredJob> {
    return this.edits.giveSavedVoice(...given);
  }

  /** Re-dubs the edited lines; refused (402) when the workspace's month cannot take their length. */
  async render(id: string, client: string, admission: Admission): Promise<StoredJob> {
    await this.admitRender(id);
    return this.edits.render(id, client, admission);
  }

  /** A re-dub is charged the lines it dubs again (their length in the source), not the whole media. */
  private async admitRender(id: string): Promise<void> {
    if (!this.allowance) return;
    const job = await this.store.get(id);
    if (job.request.workspace === undefined || !job.edited) return;
    const segments = (await this.board.current(id))?.timeline.segments ?? [];
    const seconds = secondsOfLines(segments, job.edited.lines);
    await this.allowance.admit(job.request.workspace, { seconds, languages: [job.request.targetLanguage] });
  }

  /** The workspace's month against its plan (GET /api/usage). */
  usageOf(workspace: string): Promise<AllowanceStatus> {
    if (!this.allowance) throw new Error('This service counts no usage.');
    return this.allowance.statusOf(workspace);
  }

  // Following a job.

  follow(id: string, after: number | undefined, listener: JobListener): ReturnType<JobEventHub['follow']> {
    return this.hub.follow(id, after, listener);
  }

  progressOf(id: string): { progress: number; phase: string } | undefined {
    return this.hub.progressOf(id);
  }

  /** The event number a client's Last-Event-ID names, if it is this process's. */
  eventNumberOf(lastEventId: string | undefined): number | undefined {
    return this.hub.numberOf(lastEventId);
  }

  /** The id of the job's newest event, as a client's Last-Event-ID would give it back. */
  lastEventId(id: string): string {
    return `${this.hub.epoch}-${this.hub.lastId(id)}`;
  }

  lastEventNumber(id: string): number {
    return this.hub.lastId(id);
  }

  eventId(event: NumberedUpdate): string {
    return this.hub.eventId(event);
  }

  // A job's files.

  folderOf(id: string): string {
    return this.store.folder(id);
  }

  /** The job's media as received (or fetched). */
  inputOf(job: StoredJob): string {
    return join(this.store.folder(job.id), 'input', job.request.inputFile);
  }

  /** A file of the job's result folder (subtitles, the report, stems). */
  resultFile(id: string, name: string): string {
    return join(this.store.folder(id), 'result', name);
  }

  readJson<T>(id: string, name: string): Promise<T | undefined> {
    return this.store.readJson<T>(id, name);
  }
}

function queueFactoryOf(setup: JobsSetup, slots: WorkSlots): QueueFactory {
  const { runner } = setup;
  if ('redisUrl' in runner) return RedisQueue.factory(runner.redisUrl, runner.log);
  return EmbeddedQueue.factory(slots, dubInFolderOf(runner.dubber, setup.libraries), runner.options);
}
