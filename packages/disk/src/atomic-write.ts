import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isRunning, ownerTag, type ProcessIdentity } from '@voxlate/process-lifetime';

/** `.<random>-p<pid>s<start ticks>.partial`: a write in progress, and the process making it. */
const PARTIAL = /^\.[0-9a-f]{12}(?:-p(\d+)s(\d+))?\.partial$/;
/** A partial file of an older version names no owner: it is taken as left behind after this long. */
const UNOWNED_PARTIAL_MS = 10 * 60_000;

/**
 * Writes a file so that a crash at any moment leaves either the old file or the new one, never
 * a part: the bytes go to a temporary file beside it, are flushed to the disk (fsync), the file
 * is renamed over the old one (atomic within a file system), and the folder is flushed so the
 * rename itself survives a power cut.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const staged = join(dirname(path), `.${randomBytes(6).toString('hex')}-${ownerTag()}.partial`);
  try {
    const file = await open(staged, 'w', 0o600);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(staged, path);
  } catch (error) {
    await rm(staged, { force: true });
    throw error;
  }
  await syncFolder(dirname(path));
}

/** Flushes a folder's entries (a rename or a new file in it) to the disk. */
export async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/**
 * Whether a file is a partial write left by a process that is gone (killed mid-write): another
 * live process's write in progress is never taken for one, so a worker starting beside running
 * ones cannot pull a file from under their feet.
 */
export function isLeftPartial(name: string, modifiedMs: number, now = Date.now()): boolean {
  const match = PARTIAL.exec(name);
  if (!match) return false;
  if (match[1] === undefined) return now - modifiedMs > UNOWNED_PARTIAL_MS;
  const owner: ProcessIdentity = { pid: Number(match[1]), startTicks: Number(match[2]) };
  return !isRunning(owner);
}
