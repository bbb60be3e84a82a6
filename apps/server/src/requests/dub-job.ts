import type { FastifyRequest } from 'fastify';
import { DUB_ASK_FIELDS, type FormBody } from '@voxlate/contract';
import {
  admitLanguages,
  BadInput,
  NotFound,
  partOfMedia,
  sourceCues,
  type DubTask,
  type SavedVoice,
} from '@voxlate/core';
import { type JobRequest, type NewJob } from '@voxlate/jobs';
import type { DiskGlossaries, DiskVoiceLibrary, WorkspaceLibraries } from '@voxlate/workspace';
import { callerOf, workspaceOf } from '../access/caller.js';
import type { Dubber } from '@voxlate/dubber';
import type { RequestFolder } from './request-folders.js';
import { requireMediaKind } from './media-kind.js';
import { receiveUpload } from './receive-upload.js';
import { namedGlossary } from './named-glossary.js';
import { readUploadForm, type DubAsked } from './request-fields.js';

/**
 * Refused at submission (400) when no installed engine can dub this pair (each pair, for several
 * languages), never half-way through.
 */
export async function admitAsked(
  dubber: Dubber,
  asked: DubAsked,
  fields?: { source: string; target: string },
): Promise<void> {
  const { sourceLanguage, transcript, engines } = asked.task;
  for (const targetLanguage of asked.targetLanguages ?? [asked.task.targetLanguage])
    await admitLanguages({ sourceLanguage, targetLanguage, transcript, engines }, dubber.resolver, fields);
}

/** What a creator keeps between dubs, which a request names: glossaries and saved voices. */
export interface CreatorLibraries {
  glossaries: DiskGlossaries;
  voices: DiskVoiceLibrary;
}

/**
 * Who asks for a dub: whose share of the line it counts against, the workspace that will own
 * the job (undefined without keys), and that workspace's glossaries and voices it may name.
 */
export interface DubOwner {
  client: string;
  workspace: string | undefined;
  library: CreatorLibraries;
}

/** The owner of the dubs a request asks for: its caller's workspace. */
export function dubOwnerOf(request: FastifyRequest, libraries: Pick<WorkspaceLibraries, 'of'>): DubOwner {
  const workspace = workspaceOf(request);
  return { client: callerOf(request).client, workspace, library: libraries.of(workspace) };
}

export interface DubMedia {
  path: string;
  filename: string;
}

/**
 * The job a checked request makes, once its media has been looked at (see mediaFieldsOf), with
 * the glossary and saved voices it names as they are now.
 */
export async function newDubJob(
  dubber: Dubber,
  asked: DubAsked,
  media: DubMedia,
  how: { mode: 'audio' | 'video'; container?: 'mp4' | 'wav'; owner: DubOwner },
  signal: AbortSignal,
): Promise<NewJob> {
  const { owned, alsoInputs } = await ownedTaskOf(asked, how.owner);
  const fields = await mediaFieldsOf(dubber, asked.task, media.path, how, signal);
  return {
    upload: media.path,
    ...alsoInputs,
    request: { ...owned, ...fields, inputName: media.filename },
  };
}

/**
 * A URL import's job, made before its link is fetched: the job fetches it as its first step
 * (mediaFieldsOf then looks at what came), so the import goes on once its client has gone. Until
 * then it is an audio job named after the link.
 */
export async function linkedDubJob(asked: DubAsked, link: URL, owner: DubOwner): Promise<NewJob> {
  const { owned, alsoInputs } = await ownedTaskOf(asked, owner);
  return {
    ...alsoInputs,
    request: {
      ...owned,
      link: link.toString(),
      inputName: nameOfLink(link),
      kind: 'audio',
      outputContainer: 'wav',
    },
  };
}

/** What a link's media is called: the last part of its path ("episode-12.mp3"), else `fallback`. */
export function nameOfLink(link: URL, fallback = 'media'): string {
  const raw = link.pathname.split('/').pop() ?? '';
  let last = raw;
  try {
    last = decodeURIComponent(raw).trim();
  } catch {
    // A malformed escape: the name as it was written.
  }
  return last === '' ? fallback : last.slice(0, 200);
}

/** The request's task as a job keeps it: its owner's, with the glossary and saved voices it names copied in. */
async function ownedTaskOf(
  asked: DubAsked,
  owner: DubOwner,
): Promise<{
  owned: Omit<JobRequest, 'inputFile' | 'inputName' | 'kind' | 'outputContainer'>;
  alsoInputs: Pick<NewJob, 'alsoInputs'>;
}> {
  const { glossaries, voices } = owner.library;
  const glossary = asked.glossaryId === undefined ? undefined : await glossaryOf(glossaries, asked.glossaryId);
  const saved = await savedVoicesOf(voices, asked.speakerVoices);
  return {
    owned: {
      ...asked.task,
      ...(saved.voices ? { savedVoices: saved.voices } : {}),
      ...(glossary ? { glossary } : {}),
      client: owner.client,
      ...(owner.workspace === undefined ? {} : { workspace: owner.workspace }),
    },
    alsoInputs: saved.speech.length > 0 ? { alsoInputs: saved.speech } : {},
  };
}

/**
 * What a job's media makes of its request, once looked at: the media must be of the kind the
 * endpoint takes and within the length limit, and the subtitles given within theirs (checked
 * before the job is queued, not after minutes of work). Picture choices stay only for media
 * with a picture; the phases the job will show are planned now.
 */
export async function mediaFieldsOf(
  dubber: Dubber,
  task: DubTask,
  path: string,
  how: { mode: 'audio' | 'video'; container?: 'mp4' | 'wav' },
  signal: AbortSignal,
): Promise<Pick<JobRequest, 'kind' | 'outputContainer' | 'choices' | 'phases' | 'mediaSeconds' | 'videoHeight'>> {
  const info = await requireMediaKind(dubber, path, how.mode, signal);
  if (task.transcript !== undefined) sourceCues(task.transcript, info.durationSeconds);
  // A start past the end, or an end before the start, is refused now, not after minutes of work.
  const part = partOfMedia(task.choices.timing?.part, info.durationSeconds);
  const outputContainer = how.container ?? (info.video ? 'mp4' : 'wav');
  const picture = outputContainer === 'mp4';
  const choices = {
    ...task.choices,
    lipSync: picture && task.choices.lipSync === true,
    subtitles: {
      burnIn: picture && task.choices.subtitles?.burnIn === true,
      bilingual: task.choices.subtitles?.bilingual === true,
    },
  };
  const phases = await dubber.plannedStages({ ...task, choices }, picture);
  return {
    kind: picture ? 'video' : 'audio',
    outputContainer,
    choices,
    phases: phases.map((stage) => stage.id),
    mediaSeconds: part ? part.span.end - part.span.start : info.durationSeconds,
    ...(picture && info.video ? { videoHeight: info.video.height } : {}),
  };
}

/**
 * The jobs a request for several languages makes (one, for one language): the same request but
 * for its target, the media looked at once.
 */
export async function newDubJobs(
  dubber: Dubber,
  asked: DubAsked,
  media: DubMedia,
  how: { mode: 'audio' | 'video'; owner: DubOwner },
  signal: AbortSignal,
): Promise<NewJob[]> {
  const first = await newDubJob(dubber, asked, media, how, signal);
  const others = (asked.targetLanguages ?? []).slice(1);
  return [first, ...others.map((targetLanguage) => ({ ...first, request: { ...first.request, targetLanguage } }))];
}

/** The glossary a request names, as it is now: the job keeps this copy. */
async function glossaryOf(glossaries: DiskGlossaries, id: string): Promise<NonNullable<JobRequest['glossary']>> {
  const { name, sourceLanguage, terms } = await namedGlossary(glossaries, id);
  return { id, name, sourceLanguage, terms };
}

/**
 * The saved voices a request gives its speakers, as they are now (the job keeps this copy, and a
 * link to each one's speech beside its input); an unknown name is the request's mistake.
 */
async function savedVoicesOf(
  library: DiskVoiceLibrary,
  asked: Record<string, string> | undefined,
): Promise<{ voices?: Record<string, SavedVoice>; speech: string[] }> {
  if (asked === undefined) return { speech: [] };
  const voices: Record<string, SavedVoice> = {};
  const speech: string[] = [];
  for (const [speaker, name] of Object.entries(asked)) {
    const saved = await library.forDub(name).catch((error: unknown) => {
      if (error instanceof NotFound) {
        throw new BadInput(
          `${DUB_ASK_FIELDS.speakerVoices.field}: ${error.message} GET /api/voice-library lists them.`,
        );
      }
      throw error;
    });
    voices[speaker] = saved.voice;
    if (saved.speech) speech.push(saved.speech);
  }
  return { voices, speech: [...new Set(speech)] };
}

/**
 * A spec endpoint's upload as the job it makes: the form read part by part (the media streamed
 * to the request's folder), its file required, its fields checked, the languages admitted and
 * the media looked at. `requestId` is the client's id for following the job's stages.
 */
export async function uploadedDubJob(
  dubber: Dubber,
  request: FastifyRequest,
  folder: RequestFolder,
  how: {
    form: FormBody;
    maxBytes: number;
    mode: 'audio' | 'video';
    container: 'mp4' | 'wav';
    owner: DubOwner;
  },
  signal: AbortSignal,
): Promise<{ job: NewJob; requestId?: string }> {
  const upload = await receiveUpload(request, folder, how);
  if (!upload.media) throw new BadInput('Please upload a file');
  const asked = readUploadForm(how.form, upload);
  await admitAsked(dubber, asked);
  const job = await newDubJob(dubber, asked, upload.media, how, signal);
  return { job, ...(asked.requestId === undefined ? {} : { requestId: asked.requestId }) };
}
