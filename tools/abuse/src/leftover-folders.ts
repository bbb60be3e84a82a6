import { statSync } from 'node:fs';
import { basename } from 'node:path';

/** A folder a service left in its temp root, and the cases being answered when it was made. */
export interface LeftoverFolder {
  name: string;
  madeDuring: string[];
}

/** When a case was sent and how long its answer took. */
export interface CaseWindow {
  id: string;
  startedAt: number;
  ms: number;
}

/**
 * Names, for each folder left, the cases in flight when it was made: a handler may make its
 * folder a moment after its answer went out (a request refused by Node's parser), hence the grace.
 */
export function leftoverFolders(
  paths: readonly string[],
  cases: readonly CaseWindow[],
  graceMs = 500,
): LeftoverFolder[] {
  return paths.map((path) => {
    const made = madeAt(path);
    const madeDuring =
      made === undefined
        ? []
        : cases.filter((c) => c.startedAt <= made && made <= c.startedAt + c.ms + graceMs).map((c) => c.id);
    return { name: basename(path), madeDuring };
  });
}

function madeAt(path: string): number | undefined {
  try {
    const info = statSync(path);
    // Not every file system keeps a birth time: the last change of the folder is the next best.
    return info.birthtimeMs > 0 ? info.birthtimeMs : info.mtimeMs;
  } catch {
    return undefined;
  }
}
