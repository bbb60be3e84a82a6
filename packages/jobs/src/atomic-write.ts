import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes a file so that a crash at any moment leaves either the old file or the new one, never
 * a part: the bytes go to a temporary file beside it, are flushed to the disk (fsync), the file
 * is renamed over the old one (atomic within a file system), and the folder is flushed so the
 * rename itself survives a power cut.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const staged = join(dirname(path), `.${randomBytes(6).toString('hex')}.partial`);
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
