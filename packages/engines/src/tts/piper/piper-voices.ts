import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { isLanguageCode, type LanguageCode } from '@voxlate/core';
import { PIPER_VOICES, catalogModel, type ModelManager } from '@voxlate/models';

/** eSpeak NG's data from Debian's espeak-ng-data package: Piper voices phonemise with it. */
export const ESPEAK_DATA = process.env['VOXLATE_ESPEAK_DATA'] ?? '/usr/lib/x86_64-linux-gnu/espeak-ng-data';

export interface PiperVoiceFiles {
  model: string;
  tokens: string;
}

/** The languages whose Piper voice is installed (and eSpeak NG's data is present). */
export async function installedPiperLanguages(manager: ModelManager): Promise<LanguageCode[]> {
  if (!(await exists(join(ESPEAK_DATA, 'phontab')))) return [];
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

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
