import type { OfflineTtsPocketModelConfig } from 'sherpa-onnx-node';
import { POCKET_TTS, type ModelManager } from '@voxlate/models';

/** The files sherpa-onnx's Pocket TTS reads, in the installed model's folder. */
export type PocketFiles = Omit<OfflineTtsPocketModelConfig, 'voiceEmbeddingCacheCapacity'>;

export function pocketFiles(manager: ModelManager): PocketFiles {
  const file = (name: string): string => manager.fileOf(POCKET_TTS, name);
  return {
    lmFlow: file('lm_flow.int8.onnx'),
    lmMain: file('lm_main.int8.onnx'),
    encoder: file('encoder.onnx'),
    decoder: file('decoder.int8.onnx'),
    textConditioner: file('text_conditioner.onnx'),
    vocabJson: file('vocab.json'),
    tokenScoresJson: file('token_scores.json'),
  };
}
