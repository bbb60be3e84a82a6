import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openJobStore, type JobRequest } from '@voxlate/jobs';
import { DiskGlossaries, KEY_MARK } from '@voxlate/workspace';

const ROOT = join(import.meta.dirname, '../../..');
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'voxlate-keys-cli-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function keys(data: string, ...args: string[]): Promise<string[]> {
  const { stdout } = await run('node', ['apps/cli/dist/keys-main.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, VOXLATE_DATA_DIR: data },
    encoding: 'utf8',
  });
  return stdout.trim().split('\n');
}

describe('npm run keys -- add', () => {
  it('names the adopt step when work made before keys is there, and still prints the key last', async () => {
    const data = join(dir, 'open-work');
    await openJobStore(data).create({ targetLanguage: 'spa', client: '127.0.0.1' } as JobRequest);
    await new DiskGlossaries(data).create('Kitchen', { sourceLanguage: 'eng', terms: [] });
    const lines = await keys(data, 'add', 'Founders');
    expect(lines.at(-1)!.startsWith(KEY_MARK)).toBe(true);
    const hint = lines.find((line) => line.startsWith('Made before keys'));
    expect(hint).toContain('1 project and glossaries');
    expect(hint).toContain('npm run keys -- adopt "Founders"');

    // Once adopted, nothing is left behind: the next key says nothing of it.
    await keys(data, 'adopt', 'Founders');
    const next = await keys(data, 'add', 'Founders');
    expect(next.some((line) => line.startsWith('Made before keys'))).toBe(false);
  });

  it('says nothing of it on a fresh installation', async () => {
    const lines = await keys(join(dir, 'fresh'), 'add', 'Team');
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.startsWith('Made before keys'))).toBe(false);
  });
});
