import type { LanguageCode } from '@voxlate/contract';
import { StudioError, type PictureChoice, type SourceChoice } from '../lib/api.js';
import { cancelJob, createJobGroup, fetchJob, jobSettled, jobUrls, type Job } from '../lib/jobs-api.js';
import { fetchRevisedResult, type RevisedResult } from './revised-result.js';

/** What a finished link import brings back: its project, its dub, and the media the link gave. */
export interface ImportedLink {
  job: Job;
  result: RevisedResult;
  source: Blob;
}

/** What the studio asks of a link: the link, the language, and the settings chosen beside them. */
export interface LinkAsked extends SourceChoice, PictureChoice {
  url: string;
  targetLanguage: LanguageCode;
  signal: AbortSignal;
}

/**
 * A Paste URL import as a job of the jobs API: the service fetches the link and dubs it in its
 * queue, so the dub goes on (and is found in Recent projects) when the tab that asked is closed.
 * The studio follows its progress, then fetches the dub and the fetched media; Cancel (the
 * signal) cancels the job itself. A failure reads as the job's error.
 */
export async function importLink(
  asked: LinkAsked,
  on: { queued: (job: Job) => void; progress: (progress: number, phase: string) => void },
): Promise<ImportedLink> {
  const { url, targetLanguage, signal, ...choice } = asked;
  const queued = await createJobGroup({ ...choice, media: { url }, targetLanguages: [targetLanguage], signal });
  on.queued(queued);
  const state = await jobSettled(queued.id, on.progress, signal).catch(async (error: unknown) => {
    if (signal.aborted) await cancelJob(queued.id).catch(() => undefined);
    throw error;
  });
  const job = await fetchJob(queued.id, signal);
  if (state !== 'ready' || !job.result) throw new StudioError(job.error?.message ?? 'Failed to process URL');
  const result = await fetchRevisedResult(job, signal);
  const source = await fetch(jobUrls(job.id).source, { signal, cache: 'no-store' });
  if (!source.ok) throw new StudioError(`The fetched file could not be read back (${source.status}).`);
  return { job, result, source: await source.blob() };
}
