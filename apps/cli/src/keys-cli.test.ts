import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openJobStore, type JobRequest } from '@voxlate/jobs';
import { DiskGlossaries, KEY_MARK, Sessions } from '@voxlate/workspace';

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
    await keys(data, 'plan', 'Founders', 'professional');
    const next = await keys(data, 'add', 'Founders');
    expect(next.some((line) => line.startsWith('Made before keys'))).toBe(false);
  });

  it('says nothing of it on a fresh installation', async () => {
    const lines = await keys(join(dir, 'fresh'), 'add', 'Team');
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.startsWith('Made before keys'))).toBe(false);
  });
});

describe('npm run keys -- add with a scope and an end, and sessions', () => {
  it('makes a read key that expires, lists it so, and lists and ends sign-ins', async () => {
    const data = join(dir, 'scoped');
    const made = await keys(data, 'add', 'Viewers', '--scope', 'read', '--expires', '90d');
    expect(made[0]).toMatch(/^Made a read key for the workspace "Viewers" \(vxk_.{8}…, expires \d{4}-/);
    const listed = await keys(data, 'list');
    expect(listed[0]).toMatch(/^vxk_.{8}… {2}Viewers {2}read {2}made .* {2}expires .* {2}never used {2}active$/);
    await expect(keys(data, 'add', 'Viewers', '--scope', 'everything')).rejects.toThrow(
      /Not understood: --scope everything/,
    );
    await expect(keys(data, 'add', 'Viewers', '--expires', 'soon')).rejects.toThrow(/--expires takes a span/);

    expect(await keys(data, 'sessions')).toEqual(['No one is signed in to the studio.']);
    const sessions = new Sessions(data);
    await sessions.start({ keyId: 'k', keyPrefix: 'vxk_abcdefgh', workspace: { id: 'w', name: 'Viewers' } });
    expect((await keys(data, 'sessions'))[0]).toMatch(/^vxs_.{8}… {2}Viewers {2}key vxk_abcdefgh… {2}signed in /);
    expect((await keys(data, 'sessions', 'end', 'Viewers'))[0]).toMatch(/^Ended vxs_/);
    expect(await sessions.list()).toEqual([]);
  });
});
