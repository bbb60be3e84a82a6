import { availableParallelism } from 'node:os';
import { env, pipeline, type PipelineType } from '@huggingface/transformers';
import type { ModelManager } from '@voxlate/models';

/**
 * Loads a transformers.js pipeline from the local models folder only: remote loading is off,
 * so a missing file fails at once instead of reaching for the network in the middle of a
 * request. Quantised (q8) weights, on the CPU, with one intra-op thread per core.
 */
export function loadLocalPipeline<T extends PipelineType>(
  task: T,
  repo: string,
  manager: ModelManager,
): ReturnType<typeof pipeline<T>> {
  useLocalModels(manager);
  return pipeline<T>(task, repo, LOCAL_SESSION);
}

/** Points transformers.js at the models folder, with remote loading off. */
export function useLocalModels(manager: ModelManager): void {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = manager.settings.root;
}

/** q8 weights on the CPU, one intra-op thread per core. */
export const LOCAL_SESSION = {
  dtype: 'q8',
  device: 'cpu',
  session_options: { intraOpNumThreads: availableParallelism() },
} as const;
