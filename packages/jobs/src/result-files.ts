import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { bilingualCues, timelineCues, toSrt, toWebVtt, type Timeline } from '@voxlate/core';
import { writeFileAtomic } from '@voxlate/disk';

/** The report a job's `/report` serves: its Timeline, stage times and signed manifest. */
export const REPORT_FILE = 'report.json';

/** The subtitle file of one side of a job's result (`spa.vtt`), or of both (`spa-eng.vtt`). */
export function subtitleFile(language: string, format: 'srt' | 'vtt'): string {
  return `${language}.${format}`;
}

/** The name of the subtitles in both languages: `<target>-<source>` (`spa-eng`). */
export function bilingualName(timeline: Pick<Timeline, 'sourceLanguage' | 'targetLanguage'>): string {
  return `${timeline.targetLanguage}-${timeline.sourceLanguage}`;
}

/**
 * Writes what is served beside a job's dubbed file into its result folder: the source and
 * target subtitles in SRT and WebVTT, both in one (`spa-eng.srt`, whether or not the file's
 * track is bilingual: the download menu offers it either way), and the report, each whole or not at all.
 */
export async function writeResultFiles(
  folder: string,
  run: { timeline: Timeline; stageSeconds: Record<string, number>; provenance: unknown },
): Promise<void> {
  await mkdir(folder, { recursive: true });
  const { timeline } = run;
  for (const side of ['source', 'target'] as const) {
    const cues = timelineCues(timeline, side);
    const language = side === 'source' ? timeline.sourceLanguage : timeline.targetLanguage;
    await writeFileAtomic(join(folder, subtitleFile(language, 'srt')), toSrt(cues));
    await writeFileAtomic(join(folder, subtitleFile(language, 'vtt')), toWebVtt(cues));
  }
  const both = bilingualCues(timeline);
  await writeFileAtomic(join(folder, subtitleFile(bilingualName(timeline), 'srt')), toSrt(both));
  await writeFileAtomic(join(folder, subtitleFile(bilingualName(timeline), 'vtt')), toWebVtt(both));
  const report = { timeline, stage_seconds: run.stageSeconds, provenance: run.provenance };
  await writeFileAtomic(join(folder, REPORT_FILE), JSON.stringify(report, null, 2));
}
