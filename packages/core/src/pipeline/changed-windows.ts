import { placedSpan } from '../placement.js';
import type { Timeline } from '../timeline.js';

/** Seconds around a changed line that the duck's fades and the limiter may reach. */
const FADE_ROOM_SECONDS = 0.3;

/**
 * Where a re-render's output can differ from the previous one: around every line spoken again,
 * and every line whose placement or clip changed (an edited line that grew may push the next),
 * covering where the line was and where it is now. Undefined when the lines cannot be matched.
 */
export function changedWindows(
  before: Timeline,
  after: Timeline,
  redone: ReadonlySet<number>,
): { start: number; end: number }[] | undefined {
  const previous = new Map(before.segments.map((segment) => [segment.id, segment]));
  const windows: { start: number; end: number }[] = [];
  for (const segment of after.segments) {
    const old = previous.get(segment.id);
    if (!old) return undefined;
    const was = placedSpan(old);
    const is = placedSpan(segment);
    const moved = was?.start !== is?.start || was?.end !== is?.end || old.dubbed?.key !== segment.dubbed?.key;
    if (!redone.has(segment.id) && !moved) continue;
    // The original is ducked over the source line too: a line dubbed or silenced anew changes that.
    const source = { start: segment.start, end: segment.end };
    const spans = [was, is, ...(was || is ? [source] : [])].filter((span) => span !== undefined);
    if (spans.length === 0) continue;
    windows.push({
      start: Math.max(0, Math.min(...spans.map((span) => span.start)) - FADE_ROOM_SECONDS),
      end: Math.max(...spans.map((span) => span.end)) + FADE_ROOM_SECONDS,
    });
  }
  return windows;
}
