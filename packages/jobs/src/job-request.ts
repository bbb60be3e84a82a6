import type { DubTask, Glossary, VoiceMode } from '@voxlate/core';
import { DiskJobStore } from './disk-job-store.js';
import type { JobGroupRef } from './job-group.js';

/**
 * What a job was asked to do, as kept in its record (plain JSON, no paths outside the job): the
 * dub's task as the request gave it, and the job's own.
 */
export interface JobRequest extends DubTask {
  /** The media's file name inside the job's `input/` folder ('' while a URL import's link waits to be fetched). */
  inputFile: string;
  /**
   * The direct link a URL import's job fetches as its first step (see FetchLinkedMedia): until
   * then its input folder is empty, and its kind and container are the audio ones.
   */
  link?: string;
  /** What the creator's file was called (downloads are named after it). */
  inputName: string;
  kind: 'audio' | 'video';
  outputContainer: 'mp4' | 'wav';
  /** The glossary asked for, as it was when the job was made (a re-render uses the same terms). */
  glossary?: Glossary & { id: string; name: string };
  /** The stages the dub runs (ids, in order), planned when the job was made: the phases it shows. */
  phases?: string[];
  /** The jobs made with it for other languages by the same request (see JobGroupRef). */
  group?: JobGroupRef;
  /**
   * Whose share of the line the job counts against: the workspace when the service asks for keys,
   * else the client's address.
   */
  client: string;
  /** The workspace that owns the job (its key's); absent for a job made by a service without keys. */
  workspace?: string;
  /**
   * Seconds of media the dub covers (the part asked for, or the whole), as probed when the job was
   * made: what its workspace's month is charged. Absent until a linked job has fetched its media.
   */
  mediaSeconds?: number;
  /** The picture's height, pixels, for media with a picture (a plan dubs video up to a size). */
  videoHeight?: number;
}

/** A request as an earlier version kept it: the choices flat in `options`. */
interface EarlierJobRequest extends Omit<JobRequest, 'choices'> {
  options?: { voice?: 'preserve' | 'neutral'; speakers?: number; lipSync?: boolean; burnSubtitles?: boolean };
}

/** Before cloning, 'preserve' was the shaped voice: a job made then re-renders in the voice it had. */
type EarlierVoiceMode = VoiceMode | 'preserve';

function upgradeVoiceMode(mode: EarlierVoiceMode): VoiceMode {
  return mode === 'preserve' ? 'shaped' : mode;
}

/**
 * A stored request in today's shape: records written before the choices were grouped (voice,
 * lip sync, subtitles) are read as the same request, and a voice mode of before cloning as the
 * voice it gave, so a service that is upgraded still opens, edits and resumes the projects it kept.
 */
export function upgradeJobRequest(stored: unknown): JobRequest {
  const request = stored as JobRequest & EarlierJobRequest;
  if (request.choices !== undefined) {
    const mode = request.choices.voice?.mode as EarlierVoiceMode | undefined;
    if (mode === undefined) return request;
    return {
      ...request,
      choices: { ...request.choices, voice: { ...request.choices.voice, mode: upgradeVoiceMode(mode) } },
    };
  }
  if (request.options === undefined) return request;
  const { options, ...rest } = request;
  return {
    ...rest,
    choices: {
      voice: {
        ...(options.voice === undefined ? {} : { mode: upgradeVoiceMode(options.voice) }),
        ...(options.speakers === undefined ? {} : { speakers: options.speakers }),
      },
      ...(options.lipSync === undefined ? {} : { lipSync: options.lipSync }),
      ...(options.burnSubtitles === undefined ? {} : { subtitles: { burnIn: options.burnSubtitles } }),
    },
  };
}

/** The store of jobs in a data folder, reading what earlier versions kept in today's shape. */
export function openJobStore(dataDir: string): DiskJobStore<JobRequest> {
  return new DiskJobStore<JobRequest>(dataDir, upgradeJobRequest);
}
