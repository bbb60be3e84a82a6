import { ENGINE_TASK_NAMES, type EngineTask, type EngineUse } from '@voxlate/contract';
import type { EngineInfo } from './engine-info.js';
import type { Timeline, TranslationQuality } from './timeline.js';

/**
 * An engine that made part of the dub, and its quality label: for translation whether it is
 * real machine translation ('full') or a word-by-word dictionary gloss ('gist'); for every other
 * task whether it runs without a model download ('offline') or on a learned model ('neural').
 * Declared in the contract, as the answers carry it.
 */
export type { EngineTask, EngineUse };

/** Records the engine a stage used (one per task: the last stage to run it says). */
export function recordEngine(
  timeline: Timeline,
  task: EngineTask,
  engine: Pick<EngineInfo, 'id' | 'kind'>,
  quality?: TranslationQuality,
): void {
  const uses = (timeline.engines ??= []).filter((use) => use.task !== task);
  uses.push({ task, engine: engine.id, quality: quality ?? engine.kind });
  timeline.engines = uses.sort((a, b) => TASK_ORDER.indexOf(a.task) - TASK_ORDER.indexOf(b.task));
}

const TASK_ORDER: readonly EngineTask[] = ENGINE_TASK_NAMES;

/** "recognition: pocketsphinx (offline), translation: apertium (full), ..." for summaries. */
export function describeEngines(uses: readonly EngineUse[] | undefined): string {
  return (uses ?? []).map((use) => `${use.task}: ${use.engine} (${use.quality})`).join(', ');
}
