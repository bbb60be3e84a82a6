import { stageLabel, type PipelineEvent, type StageName } from '@voxlate/core';

/** Share of the mix stage spent encoding the final file (see media's renderer). */
const ENCODING_SHARE = 0.8;

/**
 * Turns pipeline events into `{progress, phase}` updates: progress is a whole number that never
 * goes down, and only changes are reported. The phase is the running stage's label: a stage the
 * run skips (lip sync for a dub without it) moves the bar but is never shown. For video, the end
 * of the mix is "Encoding video".
 */
export class ProgressPhases {
  private progress = 0;
  private phase = 'Queued';
  private readonly skipped = new Set<StageName>();

  constructor(private readonly isVideo: boolean) {}

  update(event: PipelineEvent): { progress: number; phase: string } | undefined {
    if (event.type === 'stage-skipped') this.skipped.add(event.stage);
    if (event.type !== 'progress' && event.type !== 'stage-started') return undefined;
    const phase = this.skipped.has(event.stage) ? this.phase : this.phaseOf(event);
    const progress =
      event.type === 'progress' ? Math.max(this.progress, Math.min(99, Math.floor(event.overall))) : this.progress;
    if (phase === this.phase && progress === this.progress) return undefined;
    this.phase = phase;
    this.progress = progress;
    return { progress, phase };
  }

  private phaseOf(event: PipelineEvent & { stage: StageName }): string {
    if (
      this.isVideo &&
      event.type === 'progress' &&
      event.stage === 'mix' &&
      event.done / event.total >= ENCODING_SHARE
    ) {
      return 'Encoding video';
    }
    return stageLabel(event.stage);
  }
}
