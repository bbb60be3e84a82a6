import type { LipSyncOutcome, LipSyncSkipReason } from './lip-sync-types.js';

/** A line is synced when at least this share of its frames shows a face that can take a mouth. */
export const MIN_SYNCABLE_SHARE = 0.6;

/**
 * What lip sync does with a line, from each of its frames' problem (undefined where the face
 * is fine): sync it (the frames with a problem keep their picture), or skip it for the
 * commonest problem.
 */
export function lineOutcome(problems: readonly (LipSyncSkipReason | undefined)[]): LipSyncOutcome {
  const frames = problems.length;
  const fine = problems.filter((problem) => problem === undefined).length;
  if (frames > 0 && fine / frames >= MIN_SYNCABLE_SHARE) return { status: 'synced', frames, syncedFrames: fine };
  return { status: 'skipped', reason: commonest(problems) ?? 'no-face', frames, syncedFrames: 0 };
}

function commonest(problems: readonly (LipSyncSkipReason | undefined)[]): LipSyncSkipReason | undefined {
  const counts = new Map<LipSyncSkipReason, number>();
  for (const problem of problems) if (problem) counts.set(problem, (counts.get(problem) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}
