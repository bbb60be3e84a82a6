import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PublishMetadata, PublishPackageBody } from '@voxlate/contract';
import {
  BadInput,
  LANGUAGES,
  translateText,
  type EngineResolver,
  type Glossary,
  type LanguageCode,
  type TranslationMemoryPort,
} from '@voxlate/core';
import { probeMedia, writeExactLengthWav, writeLanguagesMp4, type LanguageTrack } from '@voxlate/media';
import { zipFolder } from './zip-folder.js';

/** One language of a package: the original or a dub, with its audio and subtitles. */
export interface PackageLanguage {
  language: LanguageCode;
  /** A media file whose first audio stream is this language's (the original's input, a dub's result). */
  audio: string;
  subtitles: { srt: string; vtt: string };
  /** A dub's: how its title and description are translated (its engine and glossary); absent for the original. */
  dub?: { translationEngine?: string; glossary?: Glossary; jobId?: string };
}

/** What a package is made of: the original media and its languages, the original first. */
export interface PackageSource {
  /** The original media (its picture is the package's). */
  original: string;
  /** The file names' stem: the original's name without its extension. */
  stem: string;
  languages: readonly [PackageLanguage, ...PackageLanguage[]];
  /** What to say in the notes (a language packaged from an earlier render). */
  notes?: string[];
}

/**
 * Everything to publish one media's languages on YouTube, as a ZIP written in `dir`: the
 * picture once with an audio track per language, each language's audio alone at the video's
 * length, the subtitles per language, and the title and description translated by the dubs'
 * engines, glossary and memory. Returns the ZIP's path and the name to save it as.
 */
export async function writeYoutubePackage(
  engines: { resolver: EngineResolver; memory?: TranslationMemoryPort },
  source: PackageSource,
  asked: PublishPackageBody,
  dir: string,
  signal?: AbortSignal,
): Promise<{ path: string; name: string }> {
  const { languages, stem } = source;
  const original = languages[0];
  const defaultLanguage = asked.default_language ?? original.language;
  if (!languages.some((packed) => packed.language === defaultLanguage)) {
    const codes = languages.map((packed) => packed.language).join(', ');
    throw new BadInput(`default_language ${defaultLanguage} is not one of this package's languages (${codes}).`);
  }
  const info = await probeMedia(source.original, signal);
  const folder = join(dir, 'package');
  await mkdir(join(folder, 'audio'), { recursive: true });
  await mkdir(join(folder, 'subtitles'), { recursive: true });
  const notes = [...(source.notes ?? [])];
  const entries: PublishMetadata['languages'] = [];
  for (const packed of languages) {
    const audio = `audio/${stem}.${packed.language}.wav`;
    await writeExactLengthWav(packed.audio, info.durationSeconds, join(folder, audio), { signal });
    const subtitles = await copySubtitles(packed, folder, stem);
    entries.push({ ...(await metadataOf(engines, packed, original, asked, signal)), audio, subtitles });
  }
  if (info.video) {
    await writeLanguagesMp4(
      {
        video: source.original,
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

/** A language's SRT and VTT, under the package's names. */
async function copySubtitles(
  packed: PackageLanguage,
  folder: string,
  stem: string,
): Promise<PublishMetadata['languages'][number]['subtitles']> {
  const names = { srt: `subtitles/${stem}.${packed.language}.srt`, vtt: `subtitles/${stem}.${packed.language}.vtt` };
  await copyFile(packed.subtitles.srt, join(folder, names.srt));
  await copyFile(packed.subtitles.vtt, join(folder, names.vtt));
  return names;
}

/** A language's title and description: the creator's for the original, translated for a dub. */
async function metadataOf(
  engines: { resolver: EngineResolver; memory?: TranslationMemoryPort },
  packed: PackageLanguage,
  original: PackageLanguage,
  asked: PublishPackageBody,
  signal: AbortSignal | undefined,
): Promise<Omit<PublishMetadata['languages'][number], 'audio' | 'subtitles'>> {
  const base = { language: packed.language, ...(packed.dub?.jobId ? { job_id: packed.dub.jobId } : {}) };
  if (!packed.dub) {
    return { ...base, ...texts(asked.title, asked.description), quality: 'original', glossary_missed: [] };
  }
  const pair = { source: original.language, target: packed.language };
  const by = {
    translator: await engines.resolver.translator(pair, packed.dub.translationEngine),
    ...(engines.memory ? { memory: engines.memory } : {}),
    ...(packed.dub.glossary ? { glossary: packed.dub.glossary } : {}),
  };
  const context = signal ? { signal } : {};
  const title = asked.title === undefined ? undefined : await translateText(asked.title, pair, by, context);
  const description =
    asked.description === undefined ? undefined : await translateText(asked.description, pair, by, context);
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

function trackOf(packed: PackageLanguage): LanguageTrack {
  const name = LANGUAGES[packed.language].name;
  return {
    path: packed.audio,
    language: packed.language,
    title: packed.dub ? `${name} (dubbed)` : `${name} (original)`,
  };
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
