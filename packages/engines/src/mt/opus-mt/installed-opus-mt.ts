import { OPUS_MT_PAIRS, opusMtId, type ModelManager } from '@voxlate/models';

/** Catalog ids of the installed Opus-MT models (no ONNX Runtime loaded to find out). */
export async function installedOpusMtModels(manager: ModelManager): Promise<string[]> {
  const ids = OPUS_MT_PAIRS.map((pair) => opusMtId(pair.source, pair.target));
  const installed = await Promise.all(ids.map((id) => manager.isInstalled(id)));
  return ids.filter((_, i) => installed[i]);
}
