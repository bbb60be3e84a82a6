import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { ZipArchive } from 'archiver';

/** Media is already compressed (or too large to deflate for little gain): stored as it is. */
const STORED = /\.(mp4|wav)$/i;

/** A folder as a ZIP file, its files under their paths inside it; text deflated, media stored. */
export async function zipFolder(folder: string, output: string): Promise<void> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const written = createWriteStream(output);
  archive.pipe(written);
  const failed = new Promise<never>((_, reject) => {
    archive.on('error', reject);
    archive.on('warning', reject);
  });
  archive.directory(folder, false, (entry) => ({ ...entry, store: STORED.test(entry.name) }));
  await Promise.race([archive.finalize().then(() => finished(written)), failed]);
}
