import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiKeys } from '../api-keys.js';
import { Allowance } from './allowance.js';
import { UsageLedger, type UsageEntry } from './usage-ledger.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-allowance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const AT = new Date('2026-12-04T10:00:00Z');
const entry = (job: string, seconds: number, language = 'spa', revision = 0): UsageEntry => ({
  job,
  revision,
  seconds,
  language,
  kind: revision === 0 ? 'dub' : 'redub',
  at: AT.toISOString(),
});

async function workspaceOn(name: string): Promise<{ keys: ApiKeys; ledger: UsageLedger; id: string }> {
  const data = join(dir, name);
  const keys = new ApiKeys(data, 0);
  const { workspace } = await keys.add(name);
  return { keys, ledger: new UsageLedger(data), id: workspace.id };
}

describe('a workspace’s month against its plan', () => {
  it('counts each dub once, in the month it finished, and refuses past the minutes with the figures', async () => {
    const { keys, ledger, id } = await workspaceOn('Free');
    const allowance = new Allowance(keys, ledger);
    await ledger.record(id, entry('a', 300));
    await ledger.record(id, entry('a', 300));
    await ledger.record(id, entry('a', 12, 'spa', 1));
    await ledger.record(id, { ...entry('old', 6000), at: '2026-11-30T23:59:59Z' });
    expect(await allowance.statusOf(id, AT)).toMatchObject({ usedMinutes: 5.2, leftMinutes: 4.8, languages: ['spa'] });
    await expect(allowance.admit(id, { seconds: 240, languages: ['spa'] }, AT)).resolves.toBeUndefined();
    await expect(allowance.admit(id, { seconds: 300, languages: ['spa'] }, AT)).rejects.toMatchObject({
      message: expect.stringMatching(
        /^This month the workspace has dubbed 5.2 of the free plan's 10 minutes: 4.8 left, and this dub needs 5\./,
      ) as string,
      usage: { usedMinutes: 5.2, leftMinutes: 4.8, resetsAt: '2027-01-01T00:00:00.000Z' },
    });
    // Two languages of one file need its length twice.
    await expect(allowance.admit(id, { seconds: 150, languages: ['spa', 'fra'] }, AT)).rejects.toThrow(/needs 5\./);
    await ledger.topUp(id, 10, AT);
    await expect(allowance.admit(id, { seconds: 300, languages: ['spa'] }, AT)).resolves.toBeUndefined();
    // A new month starts from nothing (the top-up was this month's).
    expect(await allowance.statusOf(id, new Date('2027-01-01T00:00:00Z'))).toMatchObject({
      usedMinutes: 0,
      leftMinutes: 10,
    });
  });

  it('refuses a link of unknown length only when no minute is left, and a language past the plan', async () => {
    const { keys, ledger, id } = await workspaceOn('Langs');
    const allowance = new Allowance(keys, ledger);
    await ledger.record(id, entry('a', 60, 'spa'));
    await ledger.record(id, entry('b', 60, 'fra'));
    await expect(allowance.admit(id, { languages: ['spa'] }, AT)).resolves.toBeUndefined();
    await expect(allowance.admit(id, { seconds: 60, languages: ['deu'] }, AT)).rejects.toThrow(
      /^The free plan dubs into 2 languages a month; this month: spa, fra\. deu would make 3\./,
    );
    await ledger.record(id, entry('c', 480, 'spa'));
    await expect(allowance.admit(id, { languages: ['spa'] }, AT)).rejects.toThrow(/none left/);
    // Overage allowed by the operator: taken (and counted when done), not refused.
    await expect(
      new Allowance(keys, ledger, true).admit(id, { seconds: 600, languages: ['ita'] }, AT),
    ).resolves.toBeUndefined();
    // No workspace (a service without keys): no plan, no limit.
    await expect(allowance.admit(undefined, { seconds: 1e6, languages: ['ita'] }, AT)).resolves.toBeUndefined();
  });

  it('dubs video up to the plan’s picture size, and names the plan that takes a larger one', async () => {
    const { keys, ledger, id } = await workspaceOn('Pictures');
    const allowance = new Allowance(keys, ledger);
    await expect(
      allowance.admit(id, { seconds: 30, languages: ['spa'], videoHeight: 720 }, AT),
    ).resolves.toBeUndefined();
    await expect(allowance.admit(id, { seconds: 30, languages: ['spa'], videoHeight: 1080 }, AT)).rejects.toThrow(
      /^The free plan dubs video up to 720p; this video is 1080p \(the creator plan takes it\)\./,
    );
    await keys.setPlan('Pictures', 'creator');
    await expect(
      allowance.admit(id, { seconds: 30, languages: ['spa'], videoHeight: 1080 }, AT),
    ).resolves.toBeUndefined();
    await expect(allowance.admit(id, { seconds: 30, languages: ['spa'], videoHeight: 2160 }, AT)).rejects.toThrow(
      /the professional plan takes it/,
    );
  });

  it('gives a workspace as many keys as its plan has seats', async () => {
    const { keys } = await workspaceOn('Seats');
    await expect(keys.add('Seats')).rejects.toThrow(/"Seats" is on the free plan, whose 1 seat is held by vxk_/);
    await keys.setPlan('Seats', 'professional');
    const second = await keys.add('Seats');
    await keys.add('Seats');
    await expect(keys.add('Seats')).rejects.toThrow(/professional plan, whose 3 seats are held/);
    await expect(keys.setPlan('Seats', 'creator')).rejects.toThrow(
      /The creator plan has 1 seat, and "Seats" holds 3 keys: revoke 2 first/,
    );
    await keys.revoke(second.prefix);
    expect((await keys.planOf((await keys.workspaceNamed('Seats'))!.id)).seatsUsed).toBe(2);
    await expect(keys.add('Seats')).resolves.toBeDefined();
  });
});
