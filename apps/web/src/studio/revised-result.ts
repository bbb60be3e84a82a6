import type { LanguageCode } from '@voxlate/contract';
import { jobUrls, type Job } from '../lib/jobs-api.js';
import { StudioError, type AnswerSubtitles } from '../lib/api.js';

/** A project's current dub, as the studio's result panel shows it after a re-dub in the editor. */
export interface RevisedResult {
  revision: number;
  media: Blob;
  subtitles: AnswerSubtitles;
  transcripts: { source: string; target: string };
}

/**
 * Fetches the job's current result and subtitles (the revision it names), so the big player,
 * Download button and subtitle buttons above the editor hold the re-dub, not the first answer.
 */
export async function fetchRevisedResult(job: Job, signal?: AbortSignal): Promise<RevisedResult> {
  if (!job.result) throw new StudioError('The project has no result yet.');
  const urls = jobUrls(job.id);
  const revision = job.result.revision;
  const text = async (url: string): Promise<string> => {
    const response = await fetch(url, { signal: signal ?? null, cache: 'no-store' });
    if (!response.ok) throw new StudioError(`The re-dubbed files could not be fetched (${response.status}).`);
    return response.text();
  };
  const files = async (name: string) => ({
    srt: await text(urls.subtitles(name, 'srt', revision)),
    vtt: await text(urls.subtitles(name, 'vtt', revision)),
  });
  const side = async (language: LanguageCode) => ({ language, ...(await files(language)) });
  const response = await fetch(urls.result(revision), { signal: signal ?? null, cache: 'no-store' });
  if (!response.ok) throw new StudioError(`The re-dubbed file could not be fetched (${response.status}).`);
  const media = await response.blob();
  const bilingual = async (name: string, languages: LanguageCode[]) => ({ languages, ...(await files(name)) });
  const source = job.source_language === 'auto' ? undefined : job.source_language;
  const both = source && job.bilingual_subtitles ? `${job.target_language}-${source}` : undefined;
  const subtitles: AnswerSubtitles = {
    target: await side(job.target_language),
    ...(source ? { source: await side(source) } : {}),
    ...(both && source ? { bilingual: await bilingual(both, [job.target_language, source]) } : {}),
  };
  const lines = job.segments ?? [];
  return {
    revision,
    media,
    subtitles,
    transcripts: {
      source: lines.map((line) => line.source_text).join('\n'),
      target: lines.map((line) => line.target_text).join('\n'),
    },
  };
}
