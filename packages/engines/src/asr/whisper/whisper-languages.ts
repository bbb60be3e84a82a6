import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGE_CODES, toolCode, type LanguageCode } from '@voxlate/core';
import { catalogModel, type ModelManager } from '@voxlate/models';

/** Whisper's language token: ISO 639-1, and <|yue|> for Cantonese (in large-v3 and turbo only). */
export function languageToken(language: LanguageCode): string {
  return `<|${toolCode(language)}|>`;
}

/** The fields of generation_config.json the engine relies on. */
export interface WhisperGenerationConfig {
  decoder_start_token_id: number;
  eos_token_id: number | number[];
  lang_to_id: Record<string, number>;
  task_to_id: Record<string, number>;
}

/**
 * The Voxlate languages an installed Whisper model has a token for, read from its
 * generation_config.json without loading ONNX Runtime. Cantonese only counts when the model
 * has <|yue|>: older models would write it down as Mandarin, which is not Cantonese.
 */
export async function whisperLanguagesOf(manager: ModelManager, modelId: string): Promise<LanguageCode[]> {
  const model = catalogModel(modelId);
  if (!model || !(await manager.isInstalled(modelId))) return [];
  const config = JSON.parse(
    await readFile(join(manager.folderOf(model), 'generation_config.json'), 'utf8'),
  ) as Partial<WhisperGenerationConfig>;
  const tokens = config.lang_to_id ?? {};
  return LANGUAGE_CODES.filter((language) => languageToken(language) in tokens);
}
