import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { downloadName, type PublishPackageBody } from '@voxlate/contract';
import { Conflict, LANGUAGES, type Timeline } from '@voxlate/core';
import { writeYoutubePackage, type Dubber, type PackageLanguage, type PackageSource } from '@voxlate/dubber';
import { REPORT_FILE, subtitleFile, type Jobs, type StoredJob } from '@voxlate/jobs';
import { type WorkspaceLibraries } from '@voxlate/workspace';

/** What a package is made from: the jobs and their files, the engines, the jobs' workspace's memory. */
export interface PackageParts {
  jobs: Pick<Jobs, 'folderOf' | 'inputOf'>;
  dubber: Dubber;
  libraries: Pick<WorkspaceLibraries, 'of'>;
}

/**
 * The YouTube package of jobs dubbed from one media (a group's, or one job's), written in `dir`:
 * each job's finished result and subtitles, the original from the first job's input.
 */
export async function writeJobsPackage(
  parts: PackageParts,
  jobs: readonly StoredJob[],
  asked: PublishPackageBody,
  dir: string,
  signal: AbortSignal,
): Promise<{ path: string; name: string }> {
  const source = await packageSourceOf(parts.jobs, jobs);
  // The titles are translated with the memory of the workspace that owns the jobs.
  const memory = parts.libraries.of(jobs[0]?.request.workspace).memory;
  return writeYoutubePackage({ resolver: parts.dubber.resolver, memory }, source, asked, dir, signal);
}

async function packageSourceOf(
  files: Pick<Jobs, 'folderOf' | 'inputOf'>,
  jobs: readonly StoredJob[],
): Promise<PackageSource> {
  const dubs: PackageLanguage[] = [];
  let sourceLanguage: Timeline['sourceLanguage'] | undefined;
  for (const job of jobs) {
    if (!job.result) {
      throw new Conflict(
        `The ${LANGUAGES[job.request.targetLanguage].name} dub (job ${job.id}) is not finished yet: package the languages once each has its dub.`,
      );
    }
    const results = join(files.folderOf(job.id), 'result');
    const report = JSON.parse(await readFile(join(results, REPORT_FILE), 'utf8')) as { timeline: Timeline };
    sourceLanguage ??= report.timeline.sourceLanguage;
    dubs.push({
      language: job.request.targetLanguage,
      audio: job.result.file,
      subtitles: subtitlesIn(results, job.request.targetLanguage),
      dub: {
        jobId: job.id,
        ...(job.request.engines.mt ? { translationEngine: job.request.engines.mt } : {}),
        ...(job.request.glossary ? { glossary: job.request.glossary } : {}),
      },
    });
  }
  const first = jobs[0]!;
  const original = files.inputOf(first);
  return {
    original,
    stem: downloadName(first.request.inputName, 'x', 'x').slice(0, -4),
    languages: [
      {
        language: sourceLanguage!,
        audio: original,
        subtitles: subtitlesIn(join(files.folderOf(first.id), 'result'), sourceLanguage!),
      },
      ...dubs,
    ],
    notes: staleNotes(jobs),
  };
}

function subtitlesIn(folder: string, language: string): { srt: string; vtt: string } {
  return { srt: join(folder, subtitleFile(language, 'srt')), vtt: join(folder, subtitleFile(language, 'vtt')) };
}

/** A language whose edits are not rendered yet is packaged as last rendered, and said so. */
function staleNotes(jobs: readonly StoredJob[]): string[] {
  return jobs
    .filter((job) => job.state !== 'ready')
    .map(
      (job) =>
        `${LANGUAGES[job.request.targetLanguage].name}: packaged as last rendered (revision ${job.result?.revision}); ` +
        `the job is ${job.state} now.`,
    );
}
