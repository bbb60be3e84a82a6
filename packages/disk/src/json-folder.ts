import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every JSON file of a folder whose name matches `named`, parsed, in no set order: a missing
 * folder is an empty one, and a file removed between the listing and its reading is skipped (a
 * library another request is changing). What the disk stores' `list` reads.
 */
export async function readJsonFolder<T>(folder: string, named: RegExp): Promise<T[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const read: T[] = [];
  for (const name of names.filter((file) => named.test(file))) {
    const text = await readFile(join(folder, name), 'utf8').catch(() => undefined);
    if (text !== undefined) read.push(JSON.parse(text) as T);
  }
  return read;
}

/**
 * A JSON file, parsed, or `empty` when there is none yet (the first use of a store). A file of
 * a later version (`version` above `knownVersion`) is refused rather than misread.
 */
export async function readJsonFile<T extends object>(path: string, empty: T, knownVersion?: number): Promise<T> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return empty;
  const file = JSON.parse(text) as T & { version?: unknown };
  if (knownVersion !== undefined && file.version !== knownVersion) {
    throw new Error(`${path} is of a newer Voxlate (version ${String(file.version)}).`);
  }
  return file;
}
