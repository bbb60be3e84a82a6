import { deltaBic, type GaussianStats } from './gaussian-stats.js';

export interface ClusterOptions {
  penalty: number;
  /** Merge until exactly this many clusters remain (when the speaker count is known). */
  clusters?: number;
}

/**
 * Bottom-up clustering: the two clusters whose merge costs least by ΔBIC are merged, again
 * and again, until every remaining pair is better kept apart (ΔBIC > 0, the stopping rule that
 * leaves a one-speaker file as one speaker) or the asked number of clusters is reached.
 * Returns each unit's cluster index (0-based, numbered in order of first appearance).
 */
export function agglomerate(units: readonly GaussianStats[], options: ClusterOptions): number[] {
  const clusters = units.map((stats, i) => ({ stats, members: [i] }));
  const target = Math.max(1, options.clusters ?? 1);
  const mergeCost = (i: number, j: number): number => deltaBic(clusters[i]!.stats, clusters[j]!.stats, options.penalty);
  const cost: number[][] = clusters.map((_, i) => clusters.map((__, j) => (j > i ? mergeCost(i, j) : Infinity)));
  while (clusters.length > target) {
    let best: [number, number] | undefined;
    for (let i = 0; i < clusters.length; i++) {
      for (let j = i + 1; j < clusters.length; j++) {
        if (!best || cost[i]![j]! < cost[best[0]]![best[1]]!) best = [i, j];
      }
    }
    const [i, j] = best!;
    if (options.clusters === undefined && cost[i]![j]! > 0) break;
    clusters[i] = {
      stats: clusters[i]!.stats.plus(clusters[j]!.stats),
      members: [...clusters[i]!.members, ...clusters[j]!.members],
    };
    clusters.splice(j, 1);
    cost.splice(j, 1);
    for (const row of cost) row.splice(j, 1);
    for (let k = 0; k < clusters.length; k++) {
      if (k < i) cost[k]![i] = mergeCost(k, i);
      if (k > i) cost[i]![k] = mergeCost(i, k);
    }
  }
  return labelsInOrder(
    clusters.map((cluster) => cluster.members),
    units.length,
  );
}

function labelsInOrder(memberships: readonly number[][], count: number): number[] {
  const byFirst = [...memberships].sort((a, b) => Math.min(...a) - Math.min(...b));
  const labels = new Array<number>(count).fill(0);
  byFirst.forEach((members, label) => {
    for (const unit of members) labels[unit] = label;
  });
  return labels;
}
