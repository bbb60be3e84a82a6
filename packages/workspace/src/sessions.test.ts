import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Sessions, SESSION_MARK } from './sessions.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-sessions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOUR = 3600_000;
const holder = (name: string) => ({
  keyId: `key-of-${name}`,
  keyPrefix: 'vxk_abcdefgh',
  workspace: { id: name, name },
});

describe('studio sessions', () => {
  it('open the workspace of the key they began with, until signed out; the file keeps no session id', async () => {
    const sessions = new Sessions(join(dir, 'a'));
    const id = await sessions.start(holder('Alpha'));
    expect(id.startsWith(SESSION_MARK)).toBe(true);
    expect(await sessions.use(id)).toEqual({ keyId: 'key-of-Alpha', workspace: { id: 'Alpha', name: 'Alpha' } });
    expect(readFileSync(sessions.path, 'utf8')).not.toContain(id.slice(SESSION_MARK.length));
    expect(await sessions.use(`${id.slice(0, -1)}x`)).toBeUndefined();
    await sessions.end(id);
    expect(await sessions.use(id)).toBeUndefined();
  });

  it('end after their idle time unused, and at their longest however used', async () => {
    const sessions = new Sessions(join(dir, 'b'), { idleMs: 12 * HOUR, maxMs: 30 * 24 * HOUR });
    const start = new Date('2026-12-01T00:00:00Z');
    const idle = await sessions.start(holder('Alpha'), start);
    expect(await sessions.use(idle, new Date(start.getTime() + 11 * HOUR))).toBeDefined();
    // Used at 11 h: its idle time starts again from there.
    expect(await sessions.use(idle, new Date(start.getTime() + 22 * HOUR))).toBeDefined();
    expect(await sessions.use(idle, new Date(start.getTime() + 35 * HOUR))).toBeUndefined();

    const busy = await sessions.start(holder('Beta'), start);
    for (let hours = 10; hours < 30 * 24; hours += 10) {
      expect(await sessions.use(busy, new Date(start.getTime() + hours * HOUR))).toBeDefined();
    }
    expect(await sessions.use(busy, new Date(start.getTime() + 30 * 24 * HOUR + 1))).toBeUndefined();
  });

  it('are listed without their ids, and ended by workspace or prefix', async () => {
    const sessions = new Sessions(join(dir, 'c'));
    const alpha = await sessions.start(holder('Alpha'));
    await sessions.start(holder('Beta'));
    const listed = await sessions.list();
    expect(listed.map((session) => session.workspace.name)).toEqual(['Alpha', 'Beta']);
    expect(JSON.stringify(listed)).not.toContain(alpha.slice(12));
    expect((await sessions.endMatching('beta')).map((session) => session.workspace.name)).toEqual(['Beta']);
    expect((await sessions.endMatching(alpha.slice(0, 12))).length).toBe(1);
    expect(await sessions.use(alpha)).toBeUndefined();
    await expect(sessions.endMatching('Gamma')).rejects.toThrow(/No session starts with "Gamma"/);
  });
});
