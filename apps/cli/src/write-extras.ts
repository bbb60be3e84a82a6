import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { bilingualCues, fitOf, stemsOffered, timelineCues, toSrt, toWebVtt, type DubRun } from '@voxlate/core';
import { manifestPathOf, type Dubber, type SignedDubRun } from '@voxlate/dubber';

/** The signed provenance manifest beside the output: `<output>.voxlate.json`. */
export async function writeManifest(run: SignedDubRun, output: string): Promise<string> {
  const path = manifestPathOf(output);
  await writeFile(path, `${JSON.stringify(run.provenance, null, 2)}\n`);
  return path;
}

/**
 * Writes every stem the dub offers beside the output, named after it (`talk.spa.mp4` gives
 * `talk.spa.dub.wav`, `talk.spa.speaker-S1.wav`, `talk.spa.background.wav`, `talk.spa.multitrack.mkv`);
 * returns the paths.
 */
export async function writeStems(
  dubber: Dubber,
  workDir: string,
  run: SignedDubRun,
  files: { input: string; output: string },
  signal: AbortSignal,
): Promise<string[]> {
  const { input, output } = files;
  const base = output.slice(0, output.length - extname(output).length);
  const written: string[] = [];
  for (const stem of stemsOffered(run.saved)) {
    const path = `${base}.${stem.name}.${stem.extension}`;
    await dubber.renderStem(workDir, { saved: run.saved, input }, stem.name, path, signal);
    written.push(path);
  }
  return written;
}

/**
 * Writes `<stem>.<lang>.srt` and `.vtt` for source and target beside the output, and for both
 * languages in one (`<stem>.<target>-<source>.srt`) when the dub asked for bilingual subtitles; returns the
 * paths. The stem is the output's name without its extension and without the target's code
 * when it ends with it: `talk.spa.mp4` gets `talk.spa.srt` and `talk.eng.srt`, not `talk.spa.eng.srt`.
 */
export async function writeSubtitles(run: DubRun, output: string, bilingual: boolean): Promise<string[]> {
  const { timeline } = run;
  const stem = output
    .slice(0, output.length - extname(output).length)
    .replace(new RegExp(`\\.${timeline.targetLanguage}$`), '');
  const files: [string, string][] = [];
  for (const side of ['source', 'target'] as const) {
    const language = side === 'source' ? timeline.sourceLanguage : timeline.targetLanguage;
    const cues = timelineCues(timeline, side);
    files.push([`${stem}.${language}.srt`, toSrt(cues)], [`${stem}.${language}.vtt`, toWebVtt(cues)]);
  }
  if (bilingual) {
    const cues = bilingualCues(timeline);
    const both = `${stem}.${timeline.targetLanguage}-${timeline.sourceLanguage}`;
    files.push([`${both}.srt`, toSrt(cues)], [`${both}.vtt`, toWebVtt(cues)]);
  }
  await Promise.all(files.map(([path, text]) => writeFile(path, text)));
  return files.map(([path]) => path);
}

/**
 * The Timeline as JSON: the speakers as measured and the voice each got; per segment its times,
 * speaker, texts, engines, quality, tempo and overflow, the source line's prosody and what the
 * voice shaping did (with notes where it could not), and what lip sync did with its picture.
 */
export async function writeReport(run: DubRun, path: string): Promise<void> {
  const { timeline } = run;
  const report = {
    sourceLanguage: timeline.sourceLanguage,
    targetLanguage: timeline.targetLanguage,
    duration: timeline.duration,
    output: run.output,
    stageSeconds: run.stageSeconds,
    warnings: timeline.warnings,
    speakers: timeline.speakers ?? [],
    diariser: timeline.diariser,
    engines: timeline.engines ?? [],
    lipSync: timeline.lipSync,
    segments: timeline.segments.map((segment) => ({
      id: segment.id,
      start: segment.start,
      end: segment.end,
      speaker: segment.speaker,
      sourceText: segment.sourceText,
      targetText: segment.targetText,
      engines: segment.engines,
      route: segment.mtRoute,
      quality: segment.quality,
      ...fitOf(segment),
      sourceProsody: segment.prosody,
      voice: segment.voice,
      words: segment.words,
      phonemes: segment.phonemes,
      lipSync: segment.lipSync,
      review: segment.review ?? [],
    })),
  };
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
}
