import { copyFile, link } from 'node:fs/promises';

/**
 * Gives `to` the file at `from` without a second copy where the file system allows: a hard link
 * (the file stays while either name does), a copy where a link cannot be made (another file
 * system, or one without hard links). A file already at `to` (linked by an earlier, cut-short
 * run) is kept.
 */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  await link(from, to).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return;
    await copyFile(from, to);
  });
}
