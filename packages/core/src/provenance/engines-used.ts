import type { EngineIds, Timeline } from '../timeline.js';

/** Every engine that served some line, per task, in order of first use: what made this dub. */
export function enginesUsed(timeline: Timeline): Record<keyof EngineIds, string[]> {
  const used: Record<string, string[]> = {};
  for (const segment of timeline.segments) {
    for (const [task, id] of Object.entries(segment.engines)) {
      if (typeof id !== 'string') continue;
      const list = (used[task] ??= []);
      if (!list.includes(id)) list.push(id);
    }
  }
  return used;
}
