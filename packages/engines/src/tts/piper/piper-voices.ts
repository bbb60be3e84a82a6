import { join } from 'node:path';
import { isLanguageCode, type LanguageCode } from '@voxlate/core';
import { PIPER_VOICES, catalogModel, type ModelManager } from '@voxlate/models';

export interface PiperVoiceFiles {
  model: string;
  tokens: string;
}

/** The languages whose Piper voice is installed. */
export async function installedPiperLanguages(manager: ModelManager): Promise<LanguageCode[]> {
  const installed: LanguageCode[] = [];
  for (const language of Object.keys(PIPER_VOICES)) {
    if (isLanguageCode(language) && (await manager.isInstalled(`piper-${language}`))) installed.push(language);
  }
  return installed;
}

export function piperVoiceFiles(manager: ModelManager, language: LanguageCode): PiperVoiceFiles | undefined {
  const model = catalogModel(`piper-${language}`);
  const onnx = model?.files.find((file) => file.endsWith('.onnx'));
  if (!model || !onnx) return undefined;
  const folder = manager.folderOf(model);
  return { model: join(folder, onnx), tokens: join(folder, 'tokens.txt') };
}
