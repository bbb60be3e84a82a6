import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiKeys, KEY_MARK } from './api-keys.js';
import { workspaceDataDir } from './workspace-data.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('API keys', () => {
  it('makes a key per call, opens its workspace with it, and keeps only its hash', async () => {
    const data = join(dir, 'hashed');
    const keys = new ApiKeys(data, 0);
    expect(await keys.required()).toBe(false);
    const first = await keys.add('Team Alpha');
    await keys.setPlan('Team Alpha', 'professional');
    const second = await keys.add('team alpha');
    const other = await keys.add('Beta');
    expect(first.key.startsWith(KEY_MARK)).toBe(true);
    expect(first.key).not.toBe(second.key);
    // The same workspace (names are unique in any case), another for another name.
    expect(second.workspace).toEqual(first.workspace);
    expect(other.workspace.id).not.toBe(first.workspace.id);
    expect(await keys.required()).toBe(true);
    expect(await keys.workspaceOf(first.key)).toEqual({ id: first.workspace.id, name: 'Team Alpha' });
    expect(await keys.workspaceOf(other.key)).toEqual(other.workspace);
    const stored = readFileSync(keys.path, 'utf8');
    for (const made of [first, second, other]) {
      expect(stored).not.toContain(made.key);
      expect(stored).not.toContain(made.key.slice(KEY_MARK.length + 12));
    }
    expect(stored).toContain(first.prefix);
  });

  it('refuses keys that are unknown, malformed or a character off', async () => {
    const keys = new ApiKeys(join(dir, 'wrong'), 0);
    const { key } = await keys.add('Solo');
    const flipped = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const wrong of [flipped, '', 'Bearer', key.slice(KEY_MARK.length), `${key}x`, key.toUpperCase()]) {
      expect(await keys.workspaceOf(wrong)).toBeUndefined();
    }
  });

  it('revokes one key by prefix or a workspace by name, and other instances see it', async () => {
    const data = join(dir, 'revoke');
    const admin = new ApiKeys(data, 0);
    // A service's view of the same file, which looks for changes every 200 ms.
    const service = new ApiKeys(data, 200);
    const one = await admin.add('Studio');
    await admin.setPlan('Studio', 'professional');
    const two = await admin.add('Studio');
    const guest = await admin.add('Guest');
    expect(await service.workspaceOf(one.key)).toBeDefined();
    expect((await admin.revoke(one.prefix)).map((key) => key.prefix)).toEqual([one.prefix]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await service.workspaceOf(one.key)).toBeUndefined();
    expect(await service.workspaceOf(two.key)).toBeDefined();
    await admin.revoke('guest');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await service.workspaceOf(guest.key)).toBeUndefined();
    const listed = await admin.list();
    expect(listed.map((key) => [key.workspace.name, key.revokedAt !== undefined])).toEqual([
      ['Studio', true],
      ['Studio', false],
      ['Guest', true],
    ]);
    await expect(admin.revoke('nobody')).rejects.toThrow(/No workspace is named "nobody"/);
    await expect(admin.revoke('vxk_')).rejects.toThrow(/no key starts with it/);
  });

  it('stays required once every key is revoked (the data they guarded stays guarded)', async () => {
    const keys = new ApiKeys(join(dir, 'all-revoked'), 0);
    const { key } = await keys.add('Gone');
    await keys.revoke('Gone');
    expect(await keys.required()).toBe(true);
    expect(await keys.workspaceOf(key)).toBeUndefined();
  });

  it('refuses workspace names that are empty, too long or not words', async () => {
    const keys = new ApiKeys(join(dir, 'names'), 0);
    for (const name of ['', '   ', '../etc', 'a'.repeat(61), '<script>']) {
      await expect(keys.add(name)).rejects.toThrow(/A workspace name is 1 to 60/);
    }
    expect(await keys.required()).toBe(false);
  });

  it('gives each workspace a data folder of its own, never a path from anything else', () => {
    expect(workspaceDataDir('/data', undefined)).toBe('/data');
    expect(workspaceDataDir('/data', '0123456789abcdef')).toBe('/data/workspaces/0123456789abcdef');
    for (const bad of ['..', '../x', 'ABCDEF0123456789', '0123456789abcde/']) {
      expect(() => workspaceDataDir('/data', bad)).toThrow(/Not a workspace id/);
    }
  });
});

describe('a key’s scope, end and use', () => {
  it('is dub unless asked, admin for a key made before scopes, and expires when told', async () => {
    const data = join(dir, 'scopes');
    const keys = new ApiKeys(data, 0);
    const dubber = await keys.add('Team');
    await keys.setPlan('Team', 'enterprise');
    const reader = await keys.add('Team', { scope: 'read' });
    expect(await keys.check(dubber.key)).toMatchObject({ valid: true, scope: 'dub', workspace: dubber.workspace });
    expect(await keys.check(reader.key)).toMatchObject({ valid: true, scope: 'read' });

    const made = new Date('2026-12-01T00:00:00Z');
    const ends = new Date('2026-12-31T00:00:00Z');
    const temporary = await keys.add('Team', { expiresAt: ends }, made);
    expect(await keys.check(temporary.key, new Date('2026-12-30T23:59:59Z'))).toMatchObject({ valid: true });
    expect(await keys.check(temporary.key, ends)).toEqual({
      valid: false,
      why: 'expired',
      expiredAt: ends.toISOString(),
    });
    await expect(keys.add('Team', { expiresAt: made }, made)).rejects.toThrow(/expire after it is made/);

    // A key file of before scopes: its keys could do everything, and still may.
    const file = JSON.parse(readFileSync(keys.path, 'utf8')) as { keys: { scope?: string }[] };
    for (const key of file.keys) delete key.scope;
    writeFileSync(keys.path, JSON.stringify(file));
    expect(await new ApiKeys(data, 0).check(reader.key)).toMatchObject({ valid: true, scope: 'admin' });
  });

  it('says when each key was last used, writing it down at most once a minute', async () => {
    const keys = new ApiKeys(join(dir, 'use'), 0);
    const { key, prefix } = await keys.add('Team');
    const checked = await keys.check(key);
    if (!checked.valid) throw new Error('the key should be valid');
    await keys.noteUse(checked.id, new Date('2026-12-01T10:00:00Z'));
    await keys.noteUse(checked.id, new Date('2026-12-01T10:00:30Z'));
    expect((await keys.list()).find((listed) => listed.prefix === prefix)?.lastUsedAt).toBe('2026-12-01T10:00:00.000Z');
    await keys.noteUse(checked.id, new Date('2026-12-01T10:01:00Z'));
    expect((await keys.list()).find((listed) => listed.prefix === prefix)?.lastUsedAt).toBe('2026-12-01T10:01:00.000Z');
  });
});
