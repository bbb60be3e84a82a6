import type { TimeSpan } from '@voxlate/core';

/**
 * Shares spans among at most `groups` workers so they finish at about the same time:
 * longest first, each to the least-loaded worker. Within a group spans keep their order.
 */
export function splitEvenly<T extends TimeSpan>(spans: readonly T[], groups: number): T[][] {
  const count = Math.max(1, Math.min(groups, spans.length));
  const loads = Array.from({ length: count }, () => ({ seconds: 0, members: [] as number[] }));
  const byLength = spans.map((_, index) => index).sort((a, b) => length(spans[b]!) - length(spans[a]!));
  for (const index of byLength) {
    const lightest = loads.reduce((best, load) => (load.seconds < best.seconds ? load : best));
    lightest.seconds += length(spans[index]!);
    lightest.members.push(index);
  }
  return loads.map((load) => load.members.sort((a, b) => a - b).map((index) => spans[index]!));
}

function length(span: TimeSpan): number {
  return span.end - span.start;
}
