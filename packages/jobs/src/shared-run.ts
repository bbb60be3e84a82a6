import { mkdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { SavedRun } from '@voxlate/core';
import { linkOrCopy } from './link-or-copy.js';

/**
 * Another job's finished run, made this job's own: the files it names inside the other job's
 * folder (the analysis audio, the background, the separated voice) are linked (copied where a
 * link cannot be made) to the same place in this job's folder, and the run names those. A job
 * of a group keeps working (re-renders, stems) when the job that listened for it is removed.
 */
export async function adoptSharedRun(saved: SavedRun, fromFolder: string, toFolder: string): Promise<SavedRun> {
  const adopt = (path: string): Promise<string> => adoptFile(path, fromFolder, toFolder);
  return {
    ...saved,
    ...(saved.analysis ? { analysis: { ...saved.analysis, path: await adopt(saved.analysis.path) } } : {}),
    ...(saved.background ? { background: { ...saved.background, path: await adopt(saved.background.path) } } : {}),
    ...(saved.voiceStem ? { voiceStem: { ...saved.voiceStem, path: await adopt(saved.voiceStem.path) } } : {}),
  };
}

async function adoptFile(path: string, fromFolder: string, toFolder: string): Promise<string> {
  if (!path.startsWith(fromFolder + sep)) return path;
  const target = join(toFolder, relative(fromFolder, path));
  await mkdir(dirname(target), { recursive: true });
  await linkOrCopy(path, target);
  return target;
}
