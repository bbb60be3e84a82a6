import type { StageName } from './events.js';

/**
 * Overall progress 0-100 from stage weights. It never goes backwards: a stage that reports
 * fewer done units than before, or a skipped stage, cannot lower it.
 */
export class ProgressTracker {
  private readonly offsets = new Map<StageName, { from: number; span: number }>();
  private readonly finished = new Set<StageName>();
  private current = 0;

  constructor(weights: ReadonlyArray<readonly [StageName, number]>) {
    this.lay(weights, 0);
  }

  /**
   * Weighs the stages not finished yet again (the plan is known once the media has been looked
   * at): they share what is left of the bar, from where it stands now.
   */
  replan(weights: ReadonlyArray<readonly [StageName, number]>): void {
    this.lay(
      weights.filter(([stage]) => !this.finished.has(stage)),
      this.current,
    );
  }

  /** Progress of one stage as a fraction of its units; returns the new overall figure. */
  update(stage: StageName, done: number, total: number): number {
    const slot = this.offsets.get(stage);
    if (!slot) return this.current;
    const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
    if (fraction === 1) this.finished.add(stage);
    this.current = Math.max(this.current, slot.from + slot.span * fraction);
    return this.overall();
  }

  complete(stage: StageName): number {
    return this.update(stage, 1, 1);
  }

  overall(): number {
    return Math.round(this.current * 10) / 10;
  }

  private lay(weights: ReadonlyArray<readonly [StageName, number]>, start: number): void {
    const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
    let from = start;
    for (const [stage, weight] of weights) {
      const span = total > 0 ? (weight / total) * (100 - start) : 0;
      this.offsets.set(stage, { from, span });
      from += span;
    }
  }
}
