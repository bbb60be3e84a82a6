import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import type { PublishPackageBody } from '@voxlate/contract';
import { timelineCues, toSrt, toWebVtt, type Glossary, type Timeline } from '@voxlate/core';
import { writeYoutubePackage, type Dubber, type PackageLanguage, type SignedDubRun } from '@voxlate/dubber';

/**
 * --youtube-package: the dubs of one input in one ZIP beside them (the same package as the
 * service's: the picture once with a track per language, each language's audio at the video's
 * length, subtitles, the title and description translated). Returns its path.
 */
export async function writePackage(
  dubber: Dubber,
  input: string,
  runs: readonly SignedDubRun[],
  asked: PublishPackageBody & { translationEngine?: string; glossary?: Glossary },
  signal: AbortSignal,
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'voxlate-package-'));
  try {
    const first = runs[0]!.timeline;
    const dub = {
      ...(asked.translationEngine ? { translationEngine: asked.translationEngine } : {}),
      ...(asked.glossary ? { glossary: asked.glossary } : {}),
    };
    const original: PackageLanguage = {
      language: first.sourceLanguage,
      audio: input,
      subtitles: await subtitlesOf(first, 'source', dir),
    };
    const dubs = await Promise.all(
      runs.map(async (run) => ({
        language: run.timeline.targetLanguage,
        audio: run.output,
        subtitles: await subtitlesOf(run.timeline, 'target', dir),
        dub,
      })),
    );
    const stem = basename(input, extname(input));
    const { title, description, default_language } = asked;
    const built = await writeYoutubePackage(
      { resolver: dubber.resolver },
      { original: input, stem, languages: [original, ...dubs] },
      {
        ...(title === undefined ? {} : { title }),
        ...(description === undefined ? {} : { description }),
        ...(default_language === undefined ? {} : { default_language }),
      },
      dir,
      signal,
    );
    const path = join(dirname(runs[0]!.output), built.name);
    await rename(built.path, path);
    return path;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One side's subtitles as SRT and VTT files in `dir`. */
async function subtitlesOf(
  timeline: Timeline,
  side: 'source' | 'target',
  dir: string,
): Promise<{ srt: string; vtt: string }> {
  const language = side === 'source' ? timeline.sourceLanguage : timeline.targetLanguage;
  const cues = timelineCues(timeline, side);
  const files = { srt: join(dir, `${language}.srt`), vtt: join(dir, `${language}.vtt`) };
  await writeFile(files.srt, toSrt(cues));
  await writeFile(files.vtt, toWebVtt(cues));
  return files;
}
