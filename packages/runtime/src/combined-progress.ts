import type { EventListener, PipelineEvent } from '@voxlate/core';

/**
 * The progress of several languages running side by side, told as one: each language's run has
 * its own listener, and a progress event carries, as its overall figure, the mean of every
 * language's latest (one bar that only moves forward, instead of several restarting ones). Other
 * events pass as they are.
 */
export class CombinedProgress {
  private readonly overall: number[];

  constructor(
    count: number,
    private readonly listener: EventListener | undefined,
  ) {
    this.overall = new Array<number>(count).fill(0);
  }

  listenerFor(index: number): EventListener | undefined {
    const { listener } = this;
    if (!listener) return undefined;
    if (this.overall.length === 1) return listener;
    return (event: PipelineEvent) => {
      if (event.type !== 'progress') return listener(event);
      this.overall[index] = Math.max(this.overall[index]!, event.overall);
      const mean = this.overall.reduce((sum, value) => sum + value, 0) / this.overall.length;
      listener({ ...event, overall: mean });
    };
  }
}
