import { applyLineEdit, type LineEdit } from '../line-edits.js';
import { CURRENT_RUN } from '../job-processor.js';
import { type DiskJobStore } from '../disk-job-store.js';
import { type JobRecord } from '../job-record.js';
import { type JobRequest } from '../job-request.js';
import { type WorkspaceLibraries } from '@voxlate/workspace';
import {
  BadInput,
  Conflict,
  NotFound,
  speakInSavedVoice,
  type SavedRun,
  type SavedVoice,
  type SpeakerVoice,
  type SynthesiserVoices,
} from '@voxlate/core';
import type { JobEventHub } from '../job-event-hub.js';
import type { JobQueue } from '../queue/job-queue.js';
import type { Admission } from '../queue/work-slots.js';

type Job = JobRecord<JobRequest>;

/**
 * What a creator does to a finished job: edit its lines (the job goes stale, its last result is
 * still served) and render the edited lines again. Each change is made under the job's lock in
 * the job store, shared by every service and worker (an edit never interleaves with another
 * instance's edit or a render's start), and an edit made against a line's old revision is
 * refused, so no one's edit is overwritten unseen. A translation a creator gives a line goes into
 * the translation memory of the job's workspace.
 */
export class JobEdits {
  constructor(
    private readonly store: DiskJobStore<JobRequest>,
    private readonly hub: JobEventHub,
    private readonly queue: JobQueue,
    private readonly libraries: Pick<WorkspaceLibraries, 'of'>,
  ) {}

  /**
   * Changes a line's text: the job goes stale (its last result still served) until it is rendered
   * again. `against` is the line's revision the edit was made from, when the client sent it.
   */
  edit(id: string, segmentId: number, edit: LineEdit, against?: number): Promise<Job> {
    return this.store.exclusive(id, async () => {
      const { job, current } = await this.editableRun(id);
      const lineRevision = job.lineRevisions?.[segmentId] ?? 0;
      if (against !== undefined && against !== lineRevision) throw staleEdit(segmentId, against, lineRevision);
      const edited = applyLineEdit(current, job.edited, segmentId, edit);
      await this.store.writeJson(id, CURRENT_RUN, current);
      if (edit.targetText !== undefined) await this.remember(job, current, segmentId);
      const revision = job.revision + 1;
      const updated = await this.store.update(id, {
        state: 'stale',
        edited,
        revision,
        lineRevisions: { ...job.lineRevisions, [segmentId]: revision },
      });
      this.hub.publish(id, { type: 'state', state: 'stale', revision: updated.revision });
      return updated;
    });
  }

  /**
   * Marks a line checked (or not): only what the editor counts changes, so the job stays as it
   * was (ready stays ready) and nothing is dubbed again.
   */
  markChecked(id: string, segmentId: number, checked: boolean): Promise<Job> {
    return this.store.exclusive(id, async () => {
      const { job, current } = await this.editableRun(id);
      if (!current.timeline.segments.some((segment) => segment.id === segmentId)) {
        throw new NotFound(`The job has no line ${segmentId}.`);
      }
      const lines = new Set(job.checkedLines ?? []);
      if (checked) lines.add(segmentId);
      else lines.delete(segmentId);
      return this.store.update(id, { checkedLines: [...lines].sort((a, b) => a - b) });
    });
  }

  /** The job and its finished run, under the caller's lock; refused while it runs or when it has no dub. */
  private async editableRun(id: string): Promise<{ job: Job; current: SavedRun }> {
    const job = await this.store.get(id);
    requireEditable(job);
    const current = await this.store.readJson<SavedRun>(id, CURRENT_RUN);
    if (!current) throw new Conflict('The job has no finished dub to edit yet.');
    return { job, current };
  }

  /** A translation the creator gave a line: every later dub translates the same line so. */
  private async remember(job: Job, current: SavedRun, segmentId: number): Promise<void> {
    const segment = current.timeline.segments.find((candidate) => candidate.id === segmentId);
    if (!segment) return;
    await this.libraries.of(job.request.workspace).memory.remember({
      sourceLanguage: current.timeline.sourceLanguage,
      targetLanguage: current.timeline.targetLanguage,
      source: segment.sourceText,
      target: segment.targetText,
    });
  }

  /**
   * Names a speaker (one of the run's, or one a line was moved to): only what the editor shows
   * changes, so the job stays as it was (ready stays ready) and nothing is dubbed again.
   */
  renameSpeaker(id: string, speaker: string, name: string): Promise<Job> {
    return this.store.exclusive(id, async () => {
      const { job, current } = await this.editableRun(id);
      const speakers = new Set([
        ...(current.timeline.speakers ?? []).map((known) => known.speaker),
        ...current.timeline.segments.map((segment) => segment.speaker ?? 'S1'),
      ]);
      if (!speakers.has(speaker)) {
        throw new NotFound(`The job has no speaker ${speaker}: its speakers are ${[...speakers].sort().join(', ')}.`);
      }
      return this.store.update(id, { speakerNames: { ...job.speakerNames, [speaker]: name.trim() } });
    });
  }

  /**
   * Gives a speaker another of the language's voices (`voices`, the synthesiser's list): the job
   * goes stale and every line of theirs is spoken again, in that voice at their own pitch, at the
   * next render; the choice is kept with the speaker.
   */
  changeSpeakerVoice(id: string, speaker: string, voice: string, voices: readonly string[]): Promise<Job> {
    return this.respeak(id, speaker, (measured, current) => {
      if (!voices.includes(voice)) {
        const language = current.timeline.targetLanguage;
        throw new BadInput(`There is no voice "${voice}" for ${language} here: its voices are ${voices.join(', ')}.`);
      }
      // Formants were scaled from the old voice's (eSpeak NG): the new one is measured at its next use.
      const { formantScale: _old, ...settings } = measured.voice;
      // A speaker with a saved voice keeps its measures (and says so in the provenance) in another base voice.
      return { ...measured, voice: { ...settings, voice }, voiceChosen: true };
    });
  }

  /**
   * Gives a speaker a voice from the library: they take its measures and base voice (see
   * speakInSavedVoice) and its speech is linked beside the job's input (the job keeps it whatever
   * becomes of the library); the job goes stale and their lines are spoken again at the next render.
   */
  giveSavedVoice(
    id: string,
    speaker: string,
    saved: SavedVoice,
    speechPath: string | undefined,
    synthesiser: Omit<SynthesiserVoices, 'language'>,
  ): Promise<Job> {
    return this.respeak(id, speaker, async (measured, current, job) => {
      if (speechPath) await this.store.shareInput(id, speechPath);
      const mode = current.timeline.voiceMode ?? job.request.choices.voice?.mode ?? 'clone';
      const language = current.timeline.targetLanguage;
      return speakInSavedVoice(measured, saved, { ...synthesiser, language }, mode);
    });
  }

  /**
   * Changes how a voiced speaker is spoken: every line of theirs is marked for the next render
   * and the job goes stale (a speaker with no line left keeps it for lines moved to them later).
   */
  private respeak(
    id: string,
    speaker: string,
    change: (measured: SpeakerVoice, current: SavedRun, job: Job) => SpeakerVoice | Promise<SpeakerVoice>,
  ): Promise<Job> {
    return this.store.exclusive(id, async () => {
      const { job, current } = await this.editableRun(id);
      const speakers = current.timeline.speakers ?? [];
      const at = speakers.findIndex((known) => known.speaker === speaker);
      if (at < 0) {
        const known = speakers.map((s) => s.speaker).join(', ') || 'none yet';
        throw new NotFound(`The job has no voiced speaker ${speaker}: its speakers are ${known}.`);
      }
      speakers[at] = await change(speakers[at]!, current, job);
      let edited = job.edited;
      for (const segment of current.timeline.segments) {
        if ((segment.speaker ?? 'S1') === speaker) edited = applyLineEdit(current, edited, segment.id, {});
      }
      await this.store.writeJson(id, CURRENT_RUN, current);
      if (edited === job.edited) return this.store.update(id, { revision: job.revision + 1 });
      const updated = await this.store.update(id, {
        state: 'stale',
        revision: job.revision + 1,
        ...(edited ? { edited } : {}),
      });
      this.hub.publish(id, { type: 'state', state: 'stale', revision: updated.revision });
      return updated;
    });
  }

  /** Renders the lines edited since the last render again (only those), in line with other jobs. */
  async render(id: string, client: string, admission: Admission): Promise<Job> {
    // Under the lock the job is marked queued (from then on every edit is refused); it is put in
    // line after, so the lock is never held while the queue answers.
    const { queued, admitted, before } = await this.store.exclusive(id, async () => {
      const job = await this.store.get(id);
      requireEditable(job);
      if (!job.edited || job.edited.lines.length === 0) {
        throw new Conflict('Nothing to re-dub: no line was edited since the last render.');
      }
      const admitted = await this.queue.admit(client, admission);
      try {
        const queued = await this.store.update(id, {
          state: 'queued',
          progress: 0,
          work: { kind: 'render', revision: job.revision, ...job.edited },
        });
        return { queued, admitted, before: job };
      } catch (error) {
        admitted.release();
        throw error;
      }
    });
    // Told before it is in line: a worker's 'running' may follow at once.
    this.hub.publish(id, { type: 'state', state: 'queued', revision: queued.revision });
    try {
      await this.queue.enqueue(queued, admitted);
    } catch (error) {
      admitted.release();
      // Not in line: the job is as it was, its edits kept, for the next render.
      const restored = await this.store.update(id, {
        state: before.state,
        progress: before.progress,
        work: before.work,
      });
      this.hub.publish(id, { type: 'state', state: restored.state, revision: restored.revision });
      throw error;
    }
    return queued;
  }
}

function staleEdit(segmentId: number, against: number, current: number): Conflict {
  return new Conflict(
    `Line ${segmentId} was changed since revision ${against} (it is at revision ${current} now): ` +
      'reload the line, then edit it again.',
    current,
  );
}

function requireEditable(job: Job): void {
  if (job.state === 'queued' || job.state === 'running') {
    throw new Conflict('The job is being worked on: edit it once it is finished.');
  }
  if (job.state !== 'ready' && job.state !== 'stale') {
    throw new Conflict(`The job is ${job.state}: only a finished dub can be edited.`);
  }
}
