import {
  addressOf,
  CreateJobForm,
  Routes,
  dubFormData,
  type AnswerOf,
  type EventOf,
  type LanguageCode,
  type LineEditBody,
  type SpeakerEditBody,
} from '@voxlate/contract';
import { askOf, answerOf, nonOkMessage, partsOf, StudioError, type PictureChoice, type SourceChoice } from './api.js';

/** A job as the service answers it, and its parts: read from the routes in the contract. */
export type Job = AnswerOf<typeof Routes.getJob>;
export type JobGroup = AnswerOf<typeof Routes.getGroup>;
export type JobLine = NonNullable<Job['segments']>[number];
export type JobSpeaker = NonNullable<Job['speakers']>[number];
type JobEvent<Name extends string> = EventOf<typeof Routes.followJob, Name>;

/** What an edit of a line may change: its texts, who says it, and whether the creator checked it (the revision is sent apart). */
export type LineChange = Omit<LineEditBody, 'revision'>;
export type JobState = Job['state'];

const revisionQuery = (revision: number | undefined): string | undefined =>
  revision === undefined ? undefined : String(revision);

export const jobUrls = (id: string) => ({
  /** The result; with the revision the client read, refused (409) once the job holds another. */
  result: (revision?: number) =>
    addressOf(Routes.getJobResult, { params: { id }, query: { revision: revisionQuery(revision) } }),
  source: addressOf(Routes.getJobSource, { params: { id } }),
  events: addressOf(Routes.followJob, { params: { id } }),
  subtitles: (language: string, format: 'srt' | 'vtt', revision?: number) =>
    addressOf(Routes.getJobSubtitles, {
      params: { id, file: `${language}.${format}` },
      query: { revision: revisionQuery(revision) },
    }),
});

export async function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {
  return answerOf(Routes.getJob, await fetch(addressOf(Routes.getJob, { params: { id } }), signal ? { signal } : {}));
}

/** What a request for several languages asks: the source choices, and the picture's for a video. */
export type GroupAsked = SourceChoice &
  PictureChoice & {
    /** The media: a file, or a direct link. */
    media: { file: File } | { url: string };
    /** Every target, the first being the one chosen in the settings. */
    targetLanguages: LanguageCode[];
  };

/** POST /api/jobs with several languages: one project per language, made together; answers its group's first job. */
export async function createJobGroup(asked: GroupAsked): Promise<Job> {
  // A job is followed by its own events, not by request id.
  const { media, requestId: _unfollowed, ...choice } = asked;
  const link = 'url' in media ? { url: media.url } : {};
  const body = dubFormData(
    CreateJobForm,
    { ...askOf(choice), ...link },
    partsOf('file' in media ? media.file : undefined, choice),
  );
  return answerOf(
    Routes.createJob,
    await fetch(addressOf(Routes.createJob), {
      method: 'POST',
      body,
      ...(asked.signal ? { signal: asked.signal } : {}),
    }),
  );
}

export async function fetchGroup(id: string, signal?: AbortSignal): Promise<JobGroup> {
  return answerOf(
    Routes.getGroup,
    await fetch(addressOf(Routes.getGroup, { params: { id } }), signal ? { signal } : {}),
  );
}

export async function listJobs(size: number, signal?: AbortSignal): Promise<Job[]> {
  return (
    await answerOf(
      Routes.listJobs,
      await fetch(addressOf(Routes.listJobs, { query: { size: String(size) } }), signal ? { signal } : {}),
    )
  ).jobs;
}

/** An edit refused because its line changed since it was read (in another tab, by another editor). */
export class EditConflict extends StudioError {}

/** Edits a line as it was at `revision` (the line's revision as last read): a line changed since is refused. */
export async function editLine(id: string, line: number, change: LineChange, revision: number): Promise<Job> {
  const response = await fetch(addressOf(Routes.editLine, { params: { id, segmentId: String(line) } }), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...change, revision } satisfies LineEditBody),
  });
  if (response.status === 409) {
    const refused = response.clone();
    const body = (await response.json().catch(() => undefined)) as { revision?: unknown } | undefined;
    if (typeof body?.revision === 'number') throw new EditConflict(await nonOkMessage(refused));
    throw new StudioError(await nonOkMessage(refused));
  }
  return answerOf(Routes.editLine, response);
}

/** Gives a speaker a name (the editor shows it; nothing is dubbed again). */
export function renameSpeaker(id: string, speaker: string, name: string): Promise<Job> {
  return editSpeaker(id, speaker, { name });
}

/** Gives a speaker another of the language's voices: their lines are spoken in it at the next re-dub. */
export function chooseSpeakerVoice(id: string, speaker: string, voice: string): Promise<Job> {
  return editSpeaker(id, speaker, { voice });
}

/** Gives a speaker a voice from the library (by id): they sound as in every dub that uses it, from the next re-dub. */
export function giveSpeakerSavedVoice(id: string, speaker: string, savedVoice: string): Promise<Job> {
  return editSpeaker(id, speaker, { saved_voice: savedVoice });
}

async function editSpeaker(id: string, speaker: string, body: SpeakerEditBody): Promise<Job> {
  const response = await fetch(addressOf(Routes.renameSpeaker, { params: { id, speaker } }), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return answerOf(Routes.renameSpeaker, response);
}

/** The first speaker id the job does not use yet (S1-S99), for a line moved to a new speaker. */
export function freeSpeakerId(speakers: readonly Pick<JobSpeaker, 'id'>[]): string | undefined {
  const used = new Set(speakers.map((speaker) => speaker.id));
  for (let n = 1; n <= 99; n++) if (!used.has(`S${n}`)) return `S${n}`;
  return undefined;
}

export async function renderJob(id: string): Promise<Job> {
  return answerOf(Routes.renderJob, await fetch(addressOf(Routes.renderJob, { params: { id } }), { method: 'POST' }));
}

/**
 * Follows a job's event stream until the job ends: the service sends `end` after a ready, failed
 * or cancelled state and closes, and the stream is closed here too, so the browser does not
 * reconnect (it would, by itself, after any other close). Returns the function that stops following.
 */
export function followJob(
  id: string,
  on: { progress: (progress: number, phase: string) => void; state: (state: JobState) => void },
): () => void {
  const source = new EventSource(jobUrls(id).events);
  source.addEventListener('progress', (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as JobEvent<'progress'>;
    on.progress(data.progress, data.phase);
  });
  const onState = (event: Event): void => {
    on.state((JSON.parse((event as MessageEvent<string>).data) as Pick<JobEvent<'state'>, 'state'>).state);
  };
  source.addEventListener('state', onState);
  source.addEventListener('snapshot', onState);
  source.addEventListener('end', () => source.close());
  return () => source.close();
}

/** Stops a queued or running job (POST /api/jobs/{id}/cancel); a finished one is left as it is. */
export async function cancelJob(id: string): Promise<Job> {
  return answerOf(Routes.cancelJob, await fetch(addressOf(Routes.cancelJob, { params: { id } }), { method: 'POST' }));
}

/**
 * Resolves with the state a job settles in (ready, stale, failed, cancelled), reporting its
 * progress meanwhile; `signal` stops following (the job goes on).
 */
export function jobSettled(
  id: string,
  onProgress: (progress: number, phase: string) => void,
  signal: AbortSignal,
): Promise<JobState> {
  return new Promise((resolve, reject) => {
    const settledStates: readonly JobState[] = ['ready', 'stale', 'failed', 'cancelled'];
    const stop = followJob(id, {
      progress: onProgress,
      state: (state) => {
        if (!settledStates.includes(state)) return;
        stop();
        resolve(state);
      },
    });
    signal.addEventListener(
      'abort',
      () => {
        stop();
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Stopped following', 'AbortError'));
      },
      { once: true },
    );
  });
}
