import { join } from 'node:path';
import type { OfflineTtsPocketModelConfig } from 'sherpa-onnx-node';
import { POCKET_TTS, type ModelManager } from '@voxlate/models';

/** The files sherpa-onnx's Pocket TTS reads, in the installed model's folder. */
export type PocketFiles = Omit<OfflineTtsPocketModelConfig, 'voiceEmbeddingCacheCapacity'>;

export function pocketFiles(manager: ModelManager): PocketFiles {
  const folder = manager.folderOf(POCKET_TTS);
  const file = (name: string): string => {
    if (!POCKET_TTS.files.includes(name)) throw new Error(`${name} is not a file of ${POCKET_TTS.id}`);
    return join(folder, name);
  };
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
