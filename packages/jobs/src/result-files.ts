import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { timelineCues, toSrt, toWebVtt, type Timeline } from '@voxlate/core';
import { writeFileAtomic } from './atomic-write.js';

/** The report a job's `/report` serves: its Timeline, stage times and signed manifest. */
export const REPORT_FILE = 'report.json';

/** The subtitle file of one side of a job's result (`spa.vtt`). */
export function subtitleFile(language: string, format: 'srt' | 'vtt'): string {
  return `${language}.${format}`;
}

/**
 * Writes what is served beside a job's dubbed file into its result folder: the source and
 * target subtitles in SRT and WebVTT, and the report, each whole or not at all.
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
  const report = { timeline, stage_seconds: run.stageSeconds, provenance: run.provenance };
  await writeFileAtomic(join(folder, REPORT_FILE), JSON.stringify(report, null, 2));
}
