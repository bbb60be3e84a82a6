import type { EngineIds, Timeline } from '../timeline.js';

/** Every engine that served some line (and the separator), per task, in order of first use: what made this dub. */
export function enginesUsed(timeline: Timeline): Record<keyof EngineIds, string[]> {
  const used: Record<string, string[]> = {};
  for (const segment of timeline.segments) {
    for (const [task, id] of Object.entries(segment.engines)) {
      if (typeof id !== 'string') continue;
      const list = (used[task] ??= []);
      if (!list.includes(id)) list.push(id);
    }
  }
  // The separator served the whole file, not a line.
  if (timeline.background?.method === 'separated') used['separate'] = [timeline.background.engine];
  return used;
}
