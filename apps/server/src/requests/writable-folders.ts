import { constants } from 'node:fs';
import { access } from 'node:fs/promises';

/** A folder the service writes in, and what it holds (for the words of a refusal). */
export interface ServiceFolder {
  path: string;
  holds: string;
}

/** The service's folders: its data (jobs, keys, libraries) and the temp folder requests are made in. */
export function serviceFolders(dataDir: string, tempRoot: string): ServiceFolder[] {
  return [{ path: dataDir, holds: 'data folder (VOXLATE_DATA_DIR)' }, tempFolder(tempRoot)];
}

/** The temp folder requests and jobs are made in. */
export function tempFolder(path: string): ServiceFolder {
  return { path, holds: 'temp folder (VOXLATE_TMPDIR)' };
}

/**
 * Why the service cannot do its work, or undefined: a folder it writes in is missing or cannot be
 * written (a temp folder removed by a cleaner, a read-only mount). Every dub would fail then, so
 * the service says so at its start and in /ready instead of answering each dub with a 500.
 */
export async function folderProblem(folders: readonly ServiceFolder[]): Promise<string | undefined> {
  for (const folder of folders) {
    const failure = await access(folder.path, constants.W_OK).then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error.code ?? 'unknown error',
    );
    if (failure !== undefined) {
      const why = failure === 'ENOENT' ? 'is missing' : `cannot be written (${failure})`;
      return `The service's ${folder.holds} ${folder.path} ${why}.`;
    }
  }
  return undefined;
}
