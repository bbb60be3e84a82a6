import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FolderLocks, LOCK_WAIT_MS, readJsonFile, writeFileAtomic } from '@voxlate/disk';
import { workspaceDataDir } from '../workspace-data.js';
import { monthOf } from './plans.js';

/** One finished dub, as counted: the media it dubbed (a re-dub: the lines it dubbed again). */
export interface UsageEntry {
  job: string;
  /** The job's revision the dub made (0 for the first dub): a run counted twice is counted once. */
  revision: number;
  seconds: number;
  language: string;
  kind: 'dub' | 'redub';
  at: string;
}

/** A workspace's month as counted. */
export interface MonthUsage {
  month: string;
  resetsAt: Date;
  usedSeconds: number;
  topUpMinutes: number;
  /** Target languages dubbed into this month, in the order first used. */
  languages: string[];
}

interface MonthFile {
  version: 1;
  month: string;
  entries: UsageEntry[];
  topUps: { minutes: number; at: string }[];
}

/**
 * What each workspace dubbed, a file a month (`<data>/workspaces/<id>/usage/<YYYY-MM>.json`), in
 * the data folder every service and worker shares: counted by the process that ran the dub,
 * read by every instance, kept through restarts. Each change is made under the folder's lock,
 * from what the file holds then, so two workers finishing at once both count.
 */
export class UsageLedger {
  private readonly locks = new FolderLocks(
    {
      busy: () => 'The usage of this workspace is being counted. Try again in a moment.',
      missing: () => 'The data folder of the usage is gone.',
    },
    LOCK_WAIT_MS,
  );

  constructor(private readonly dataDir: string) {}

  /** Counts a finished dub in the month it finished in (once per job and revision). */
  async record(workspace: string, entry: UsageEntry): Promise<void> {
    await this.change(workspace, new Date(entry.at), (file) => {
      if (file.entries.some((known) => known.job === entry.job && known.revision === entry.revision)) return;
      file.entries.push(entry);
    });
  }

  /** Minutes the operator added to this month's allowance. */
  async topUp(workspace: string, minutes: number, at = new Date()): Promise<MonthUsage> {
    await this.change(workspace, at, (file) => {
      file.topUps.push({ minutes, at: at.toISOString() });
    });
    return this.month(workspace, at);
  }

  async month(workspace: string, at = new Date()): Promise<MonthUsage> {
    const { month, resetsAt } = monthOf(at);
    const file = await this.read(workspace, month);
    return {
      month,
      resetsAt,
      usedSeconds: file.entries.reduce((sum, entry) => sum + entry.seconds, 0),
      topUpMinutes: file.topUps.reduce((sum, topUp) => sum + topUp.minutes, 0),
      languages: [...new Set(file.entries.map((entry) => entry.language))],
    };
  }

  private pathOf(workspace: string, month: string): string {
    return join(workspaceDataDir(this.dataDir, workspace), 'usage', `${month}.json`);
  }

  private read(workspace: string, month: string): Promise<MonthFile> {
    return readJsonFile<MonthFile>(this.pathOf(workspace, month), { version: 1, month, entries: [], topUps: [] }, 1);
  }

  private async change(workspace: string, at: Date, edit: (file: MonthFile) => void): Promise<void> {
    const { month } = monthOf(at);
    const path = this.pathOf(workspace, month);
    const folder = join(path, '..');
    await mkdir(folder, { recursive: true });
    await this.locks.exclusive(`usage-${month}`, folder, async () => {
      const file = await this.read(workspace, month);
      edit(file);
      await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`);
    });
  }
}
