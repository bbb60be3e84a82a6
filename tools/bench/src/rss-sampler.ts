import { treeRss } from '@voxlate/process-lifetime';

export { treeRss };

/**
 * Samples the resident memory of this process and all its descendants (ffmpeg,
 * pocketsphinx, apertium) from /proc, keeping the peak per label.
 */
export class RssSampler {
  private readonly peaks = new Map<string, number>();
  private label = 'idle';
  private timer: NodeJS.Timeout | undefined;

  start(intervalMs = 100): void {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Attributes the following samples to a stage. */
  setLabel(label: string): void {
    this.sample();
    this.label = label;
    this.sample();
  }

  peak(label: string): number {
    return this.peaks.get(label) ?? 0;
  }

  overallPeak(): number {
    return Math.max(0, ...this.peaks.values());
  }

  reset(): void {
    this.peaks.clear();
  }

  private sample(): void {
    const bytes = treeRss(process.pid);
    this.peaks.set(this.label, Math.max(this.peaks.get(this.label) ?? 0, bytes));
  }
}
