import { existsSync } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { Conflict } from '@voxlate/core';
import type { JobRecord } from './job-record.js';
import { openJobStore, type JobRequest } from './job-request.js';
import { LIBRARY_FOLDERS, workspaceDataDir, type WorkspaceRef } from '@voxlate/workspace';

/** What a workspace took over. */
export interface AdoptedData {
  jobs: number;
  folders: string[];
}

/** A job made while the installation was open: it names no workspace, so no key reaches it. */
const madeBeforeKeys = (job: JobRecord<JobRequest>): boolean => job.request.workspace === undefined;

/**
 * What an open installation made before keys were in use and no key reaches: the jobs that name
 * no workspace, and the library folders with something in them. What `adoptOpenData` would move.
 */
export async function openData(dataDir: string): Promise<AdoptedData> {
  const folders: string[] = [];
  for (const name of LIBRARY_FOLDERS) {
    if ((await readdir(join(dataDir, name)).catch(() => [])).length > 0) folders.push(name);
  }
  const { total } = await openJobStore(dataDir).list(0, 0, madeBeforeKeys);
  return { jobs: total, folders };
}

/**
 * What a signed-in studio should hear about: the open installation's unadopted data, when the
 * workspace has no projects, glossaries, memory or voices of its own (a new key that seems to
 * have lost everything). Undefined when there is nothing to tell.
 */
export async function earlierWorkFor(dataDir: string, workspace: WorkspaceRef): Promise<AdoptedData | undefined> {
  if (await hasWorkOfItsOwn(dataDir, workspace.id)) return undefined;
  const waiting = await openData(dataDir);
  return waiting.jobs > 0 || waiting.folders.length > 0 ? waiting : undefined;
}

async function hasWorkOfItsOwn(dataDir: string, workspaceId: string): Promise<boolean> {
  const own = workspaceDataDir(dataDir, workspaceId);
  for (const name of LIBRARY_FOLDERS) {
    if ((await readdir(join(own, name)).catch(() => [])).length > 0) return true;
  }
  const { total } = await openJobStore(dataDir).list(0, 0, (job) => job.request.workspace === workspaceId);
  return total > 0;
}

/**
 * Gives a workspace what was made before keys were in use (which no key reaches): the jobs that
 * name no workspace, and the glossaries, translation memory and saved voices kept in the data
 * folder itself. Refused (before anything moves) when the workspace already has a library folder
 * of its own with something in it. Meant to run while the services are stopped.
 */
export async function adoptOpenData(dataDir: string, workspace: WorkspaceRef): Promise<AdoptedData> {
  const target = workspaceDataDir(dataDir, workspace.id);
  const present = LIBRARY_FOLDERS.filter((name) => existsSync(join(dataDir, name)));
  for (const name of present) {
    const entries = await readdir(join(target, name)).catch(() => []);
    if (entries.length > 0) {
      throw new Conflict(
        `The workspace "${workspace.name}" already has its own ${name}: nothing was moved (an open installation's data goes to a new workspace).`,
      );
    }
  }
  await mkdir(target, { recursive: true });
  for (const name of present) await rename(join(dataDir, name), join(target, name));
  const store = openJobStore(dataDir);
  const { jobs } = await store.list(0, Number.MAX_SAFE_INTEGER, madeBeforeKeys);
  for (const job of jobs) {
    await store.exclusive(job.id, async () => {
      const current = await store.get(job.id);
      await store.update(job.id, { request: { ...current.request, workspace: workspace.id } });
    });
  }
  return { jobs: jobs.length, folders: [...present] };
}
