import type { EngineInfo } from './engine.js';
import type { Timeline, TranslationQuality } from './timeline.js';

/** The tasks a dub's report names an engine for. */
export type EngineTask =
  'speech detection' | 'recognition' | 'translation' | 'synthesis' | 'voice' | 'separation' | 'speakers' | 'lip sync';

/**
 * An engine that made part of the dub, and its quality label: for translation whether it is
 * real machine translation ('full') or a word-by-word dictionary gloss ('gist'); for every other
 * task whether it runs without a model download ('offline') or on a learned model ('neural').
 */
export interface EngineUse {
  task: EngineTask;
  engine: string;
  quality: TranslationQuality | EngineInfo['kind'];
}

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

const TASK_ORDER: readonly EngineTask[] = [
  'speech detection',
  'separation',
  'speakers',
  'recognition',
  'translation',
  'synthesis',
  'voice',
  'lip sync',
];

/** "recognition: pocketsphinx (offline), translation: apertium (full), ..." for summaries. */
export function describeEngines(uses: readonly EngineUse[] | undefined): string {
  return (uses ?? []).map((use) => `${use.task}: ${use.engine} (${use.quality})`).join(', ');
}
