import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { downloadName, type PublishMetadata, type PublishPackageBody } from '@voxlate/contract';
import { BadInput, Conflict, LANGUAGES, translateText, type LanguageCode, type Timeline } from '@voxlate/core';
import type { Dubber } from '@voxlate/dubber';
import {
  REPORT_FILE,
  subtitleFile,
  type DiskJobStore,
  type DiskTranslationMemory,
  type JobRequest,
} from '@voxlate/jobs';
import { probeMedia, writeExactLengthWav, writeLanguagesMp4, type LanguageTrack } from '@voxlate/media';
import type { StoredJob } from '../jobs/job-board.js';
import { zipFolder } from './zip-folder.js';

/** What a package is made from: the jobs and their files, the engines, the memory. */
export interface PackageParts {
  store: DiskJobStore<JobRequest>;
  dubber: Dubber;
  memory: DiskTranslationMemory;
}

/** One language of the package: the original or a dub, with its audio and subtitles. */
interface PackedLanguage {
  language: LanguageCode;
  audio: string;
  subtitlesFolder: string;
  job?: StoredJob;
  timeline?: Timeline;
}

/**
 * Everything to publish one media's languages on YouTube, as a ZIP written in `dir`: the
 * picture once with an audio track per language, each language's audio alone at the video's
 * length, the subtitles per language, and the title and description translated by the dubs'
 * engines, glossary and memory. Returns the ZIP's path and the name to download it as.
 */
export async function writeYoutubePackage(
  parts: PackageParts,
  jobs: readonly StoredJob[],
  asked: PublishPackageBody,
  dir: string,
  signal: AbortSignal,
): Promise<{ path: string; name: string }> {
  const languages = await languagesOf(parts.store, jobs);
  const [original] = languages as [PackedLanguage, ...PackedLanguage[]];
  const defaultLanguage = asked.default_language ?? original.language;
  if (!languages.some((packed) => packed.language === defaultLanguage)) {
    const codes = languages.map((packed) => packed.language).join(', ');
    throw new BadInput(`default_language ${defaultLanguage} is not one of this package's languages (${codes}).`);
  }
  const info = await probeMedia(original.audio, signal);
  const stem = downloadName(jobs[0]!.request.inputName, 'x', 'x').slice(0, -4);
  const folder = join(dir, 'package');
  await mkdir(join(folder, 'audio'), { recursive: true });
  await mkdir(join(folder, 'subtitles'), { recursive: true });
  const notes: string[] = staleNotes(jobs);
  const entries: PublishMetadata['languages'] = [];
  for (const packed of languages) {
    const audio = `audio/${stem}.${packed.language}.wav`;
    await writeExactLengthWav(packed.audio, info.durationSeconds, join(folder, audio), { signal });
    const subtitles = await copySubtitles(packed, folder, stem);
    entries.push({ ...(await metadataOf(parts, packed, original, asked, signal)), audio, subtitles });
  }
  if (info.video) {
    await writeLanguagesMp4(
      {
        video: original.audio,
        tracks: languages.map(trackOf),
        defaultTrack: languages.findIndex((packed) => packed.language === defaultLanguage),
        seconds: info.durationSeconds,
        output: join(folder, `${stem}.languages.mp4`),
      },
      { signal },
    );
  } else {
    notes.push('The media has no picture: the package has no MP4, only each language’s audio and subtitles.');
  }
  const metadata: PublishMetadata = {
    format: 'voxlate-publish/1',
    source_language: original.language,
    default_language: defaultLanguage,
    languages: entries,
    notes,
  };
  await writeFile(join(folder, 'metadata.json'), `${JSON.stringify(metadata, null, 2)}\n`);
  await writeFile(join(folder, 'metadata.txt'), metadataText(metadata));
  const name = `${stem} - YouTube package (${languages.map((packed) => packed.language).join(', ')}).zip`;
  const path = join(dir, 'package.zip');
  await zipFolder(folder, path);
  return { path, name };
}

/** The original (from the first job's input) and each job's dub, each with a finished result. */
async function languagesOf(store: DiskJobStore<JobRequest>, jobs: readonly StoredJob[]): Promise<PackedLanguage[]> {
  const dubs: PackedLanguage[] = [];
  for (const job of jobs) {
    if (!job.result) {
      throw new Conflict(
        `The ${LANGUAGES[job.request.targetLanguage].name} dub (job ${job.id}) is not finished yet: package the languages once each has its dub.`,
      );
    }
    const resultFolder = join(store.folder(job.id), 'result');
    const report = JSON.parse(await readFile(join(resultFolder, REPORT_FILE), 'utf8')) as { timeline: Timeline };
    dubs.push({
      language: job.request.targetLanguage,
      audio: job.result.file,
      subtitlesFolder: resultFolder,
      job,
      timeline: report.timeline,
    });
  }
  const first = dubs[0]!;
  const original: PackedLanguage = {
    language: first.timeline!.sourceLanguage,
    audio: join(store.folder(first.job!.id), 'input', first.job!.request.inputFile),
    subtitlesFolder: first.subtitlesFolder,
  };
  return [original, ...dubs];
}

/** A language's SRT and VTT, copied from its job's result (the original's from the first job's source side). */
async function copySubtitles(
  packed: PackedLanguage,
  folder: string,
  stem: string,
): Promise<PublishMetadata['languages'][number]['subtitles']> {
  const names = { srt: `subtitles/${stem}.${packed.language}.srt`, vtt: `subtitles/${stem}.${packed.language}.vtt` };
  await copyFile(join(packed.subtitlesFolder, subtitleFile(packed.language, 'srt')), join(folder, names.srt));
  await copyFile(join(packed.subtitlesFolder, subtitleFile(packed.language, 'vtt')), join(folder, names.vtt));
  return names;
}

/** A language's title and description: the creator's for the original, translated for a dub. */
async function metadataOf(
  parts: PackageParts,
  packed: PackedLanguage,
  original: PackedLanguage,
  asked: PublishPackageBody,
  signal: AbortSignal,
): Promise<Omit<PublishMetadata['languages'][number], 'audio' | 'subtitles'>> {
  const base = { language: packed.language, ...(packed.job ? { job_id: packed.job.id } : {}) };
  if (!packed.job) {
    return { ...base, ...texts(asked.title, asked.description), quality: 'original', glossary_missed: [] };
  }
  const pair = { source: original.language, target: packed.language };
  const translator = await parts.dubber.resolver.translator(pair, packed.job.request.engines.mt);
  const by = {
    translator,
    memory: parts.memory,
    ...(packed.job.request.glossary ? { glossary: packed.job.request.glossary } : {}),
  };
  const title = asked.title === undefined ? undefined : await translateText(asked.title, pair, by, { signal });
  const description =
    asked.description === undefined ? undefined : await translateText(asked.description, pair, by, { signal });
  const translated = [title, description].flatMap((text) => text ?? []);
  return {
    ...base,
    ...texts(title?.text, description?.text),
    quality: translated.some((text) => text.quality === 'gist') ? 'gist' : 'full',
    glossary_missed: translated.flatMap((text) => text.glossaryMissed),
  };
}

function texts(title: string | undefined, description: string | undefined): { title?: string; description?: string } {
  return { ...(title === undefined ? {} : { title }), ...(description === undefined ? {} : { description }) };
}

function trackOf(packed: PackedLanguage): LanguageTrack {
  const name = LANGUAGES[packed.language].name;
  return {
    path: packed.audio,
    language: packed.language,
    title: packed.job ? `${name} (dubbed)` : `${name} (original)`,
  };
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

/** The metadata as a creator reads it, language by language, to paste into YouTube Studio. */
function metadataText(metadata: PublishMetadata): string {
  const sections = metadata.languages.map((entry) => {
    const name = LANGUAGES[entry.language].name;
    const check = entry.quality === 'gist' ? ' (a word-by-word gist: check it before publishing)' : '';
    const heading = `== ${name} (${entry.language})${entry.quality === 'original' ? ', the original' : check} ==`;
    return [
      heading,
      `Title: ${entry.title ?? '(none given)'}`,
      'Description:',
      entry.description ?? '(none given)',
      `Audio: ${entry.audio}`,
      `Subtitles: ${entry.subtitles.srt}, ${entry.subtitles.vtt}`,
    ].join('\n');
  });
  return `${[...sections, ...metadata.notes.map((note) => `Note: ${note}`)].join('\n\n')}\n`;
}
