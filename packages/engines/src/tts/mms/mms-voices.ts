import type { LanguageCode } from '@voxlate/core';
import { MMS_TTS_LANGUAGES, type ModelManager } from '@voxlate/models';

/** The languages whose MMS-TTS voice is installed right now (no ONNX runtime loaded to find out). */
export async function installedMmsLanguages(manager: ModelManager): Promise<LanguageCode[]> {
  const installed: LanguageCode[] = [];
  for (const language of MMS_TTS_LANGUAGES) {
    if (await manager.isInstalled(`mms-tts-${language}`)) installed.push(language);
  }
  return installed;
}
