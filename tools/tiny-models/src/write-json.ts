import { writeFile } from 'node:fs/promises';

/** Writes a JSON file the way the hub's files look (two-space indent, final newline). */
export async function writeJson(path: string, value: object): Promise<void> {
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
}
