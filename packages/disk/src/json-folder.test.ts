import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readJsonFile, readJsonFolder } from './json-folder.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-json-folder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('every JSON file of a folder', () => {
  it('reads the files whose names match, skips the rest, and takes a missing folder as empty', async () => {
    const folder = join(dir, 'library');
    mkdirSync(folder);
    writeFileSync(join(folder, '0123456789abcdef.json'), '{"name":"one"}');
    writeFileSync(join(folder, 'fedcba9876543210.json'), '{"name":"two"}');
    writeFileSync(join(folder, 'notes.json'), '{"name":"not a library entry"}');
    mkdirSync(join(folder, '.lock'));
    const read = await readJsonFolder<{ name: string }>(folder, /^[0-9a-f]{16}\.json$/);
    expect(read.map((entry) => entry.name).sort()).toEqual(['one', 'two']);
    expect(await readJsonFolder(join(dir, 'missing'), /\.json$/)).toEqual([]);
  });
});

describe('one JSON file of a store', () => {
  it('is what it holds, the empty value before its first write, and refused when of another version', async () => {
    const path = join(dir, 'store.json');
    expect(await readJsonFile(path, { version: 1, items: [] }, 1)).toEqual({ version: 1, items: [] });
    writeFileSync(path, JSON.stringify({ version: 1, items: ['a'] }));
    expect(await readJsonFile(path, { version: 1, items: [] as string[] }, 1)).toEqual({ version: 1, items: ['a'] });
    writeFileSync(path, JSON.stringify({ version: 2, items: [] }));
    await expect(readJsonFile(path, { version: 1 }, 1)).rejects.toThrow(/is of a newer Voxlate \(version 2\)/);
  });
});
