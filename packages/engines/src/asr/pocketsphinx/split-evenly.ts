import type { TimeSpan } from '@voxlate/core';

/**
 * Splits spans into at most `groups` contiguous groups of similar total duration, so that
 * parallel decoders finish at about the same time.
 */
export function splitEvenly<T extends TimeSpan>(spans: readonly T[], groups: number): T[][] {
  const count = Math.max(1, Math.min(groups, spans.length));
  const total = spans.reduce((sum, span) => sum + (span.end - span.start), 0);
  const target = total / count;
  const result: T[][] = [[]];
  let filled = 0;
  for (const span of spans) {
    const current = result.at(-1)!;
    const remainingGroups = count - result.length;
    if (current.length > 0 && filled >= target * result.length && remainingGroups > 0) result.push([]);
    result.at(-1)!.push(span);
    filled += span.end - span.start;
  }
  return result;
}
