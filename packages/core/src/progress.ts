import type { StageName } from './events.js';

/**
 * Overall progress 0-100 from fixed stage weights. It never goes backwards: a stage
 * that reports fewer done units than before, or a skipped stage, cannot lower it.
 */
export class ProgressTracker {
  private readonly offsets = new Map<StageName, { from: number; span: number }>();
  private current = 0;

  constructor(weights: ReadonlyArray<readonly [StageName, number]>) {
    const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
    let from = 0;
    for (const [stage, weight] of weights) {
      const span = (weight / total) * 100;
      this.offsets.set(stage, { from, span });
      from += span;
    }
  }

  /** Progress of one stage as a fraction of its units; returns the new overall figure. */
  update(stage: StageName, done: number, total: number): number {
    const slot = this.offsets.get(stage);
    if (!slot) return this.current;
    const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
    this.current = Math.max(this.current, slot.from + slot.span * fraction);
    return this.overall();
  }

  complete(stage: StageName): number {
    return this.update(stage, 1, 1);
  }

  overall(): number {
    return Math.round(this.current * 10) / 10;
  }
}

/** Default share of the work per stage, measured on the offline engines. */
export const DEFAULT_STAGE_WEIGHTS: ReadonlyArray<readonly [StageName, number]> = [
  ['ingest', 4],
  // Weighed by its cost where it runs (neural, about the cost of recognition); skipped otherwise.
  ['separate', 12],
  ['segment', 4],
  ['diarise', 3],
  ['recognise', 40],
  ['translate', 8],
  ['voices', 3],
  ['synthesise', 16],
  ['shape', 4],
  ['fit', 10],
  ['mix', 18],
  ['lipsync', 0],
  ['burn', 0],
];

/**
 * Lip sync's weight when it runs: it reads every frame twice and re-encodes the picture. On the
 * offline engines it took five times the rest of the dub put together on a 720p talking head at
 * 30 fps and about twice on a 640x360 one (see README, benchmark): weighed between the two.
 */
const LIP_SYNC_WEIGHT = 400;

/**
 * Burn-in's weight when it runs: one x264 encode of the picture, no frame analysis (an estimate,
 * near the mix's: 8.3 s of a 720p screencast took 1.45 s here).
 */
const BURN_WEIGHT = 20;

/** The weights for a run with these options: lip sync and burn-in count only when they run. */
export function stageWeightsFor(options: {
  lipSync: boolean;
  burnSubtitles: boolean;
}): ReadonlyArray<readonly [StageName, number]> {
  const running: Partial<Record<StageName, number>> = {
    ...(options.lipSync ? { lipsync: LIP_SYNC_WEIGHT } : {}),
    ...(options.burnSubtitles ? { burn: BURN_WEIGHT } : {}),
  };
  return DEFAULT_STAGE_WEIGHTS.map(([stage, weight]) => [stage, running[stage] ?? weight] as const);
}
