import { stat } from 'node:fs/promises';
import type { LipSyncJob } from '@voxlate/core';
import { nearSpans, type FrameAnalysis } from './frame-analysis.js';

/**
 * The last analysis of a picture, kept for the next job of the same file that looks at the same
 * frames: the other languages of one upload (run one after another in one process) then do not
 * track and landmark its faces again. The file is known by its content's place on disk (device,
 * inode, size, modification time), so a job's hard-linked copy of the upload is the same file.
 * One analysis is kept: a new file or other frames replace it.
 */
export class AnalysisCache {
  private kept: { key: string; analysis: FrameAnalysis } | undefined;

  async analysed(
    job: LipSyncJob,
    analyse: () => Promise<FrameAnalysis>,
  ): Promise<{ analysis: FrameAnalysis; reused: boolean }> {
    const key = await keyOf(job);
    if (key !== undefined && this.kept?.key === key) return { analysis: this.kept.analysis, reused: true };
    const analysis = await analyse();
    this.kept = key === undefined ? undefined : { key, analysis };
    return { analysis, reused: false };
  }

  clear(): void {
    this.kept = undefined;
  }
}

async function keyOf(job: LipSyncJob): Promise<string | undefined> {
  if (job.input === undefined) return undefined;
  const file = await stat(job.input).catch(() => undefined);
  if (!file) return undefined;
  const spans = nearSpans(job).map(([start, end]) => [Math.round(start * 1000), Math.round(end * 1000)]);
  // The speakers too: a person's mouths are collected where they speak.
  const speakers = job.speech.map((line) => `${Math.round(line.start * 1000)}:${line.speaker}`);
  return JSON.stringify({
    file: [file.dev, file.ino, file.size, file.mtimeMs],
    video: job.video,
    spans,
    speakers,
  });
}
