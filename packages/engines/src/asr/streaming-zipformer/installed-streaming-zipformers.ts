import { isLanguageCode, type LanguageCode } from '@voxlate/core';
import { STREAMING_ZIPFORMERS, type ModelManager } from '@voxlate/models';

/** The languages whose streaming Zipformer is installed. */
export async function installedStreamingZipformers(manager: ModelManager): Promise<LanguageCode[]> {
  const installed: LanguageCode[] = [];
  for (const [language, model] of Object.entries(STREAMING_ZIPFORMERS))
    if (isLanguageCode(language) && (await manager.isInstalled(model.id))) installed.push(language);
  return installed;
}
