import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FileDigest } from '@voxlate/core';

/** sha256 and size of a file, read as a stream (outputs can be hundreds of MB). */
export async function digestOf(path: string): Promise<FileDigest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export function digestOfText(text: string): FileDigest {
  const bytes = Buffer.from(text, 'utf8');
  return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
}
