import { readFile } from 'node:fs/promises';
import { BadInput, parseGlossaryCsv, type Glossary } from '@voxlate/core';

/** A glossary CSV named on the command line (--glossary), read and checked. */
export async function readGlossaryFile(path: string): Promise<Glossary> {
  const csv = await readFile(path, 'utf8').catch(() => {
    throw new BadInput(`Cannot read the glossary "${path}": there is no such file, or it is not readable.`);
  });
  return parseGlossaryCsv(csv);
}
