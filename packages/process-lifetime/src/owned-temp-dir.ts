import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isRunning, ownerTag, type ProcessIdentity } from './process-identity.js';

/** `voxlate-<kind>-p<pid>s<start ticks>-<random>`: whose folder it is, read back by the sweep. */
const OWNED_NAME = /^voxlate-[a-z-]+?-p(\d+)s(\d+)-[A-Za-z0-9]+$/;

/**
 * A new temporary folder under `root` whose name says which process owns it, so that a later
 * process can tell it from a live one's and remove it if its owner died without cleaning up
 * (kill -9, power loss). The owner still removes it itself when its work ends.
 */
export function createOwnedTempDir(root: string, kind: string): Promise<string> {
  return mkdtemp(join(root, `voxlate-${kind}-${ownerTag()}-`));
}

/** The owner written in a folder's name, if it is one of ours. */
export function ownerOf(name: string): ProcessIdentity | undefined {
  const match = OWNED_NAME.exec(name);
  return match ? { pid: Number(match[1]), startTicks: Number(match[2]) } : undefined;
}

/**
 * Removes the folders under `root` left by Voxlate processes that no longer run; folders of
 * live processes (another service, a CLI run) and anything not ours are left alone.
 * Returns the names removed.
 */
export async function sweepOrphanedTempDirs(root: string): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const orphans = names.filter((name) => {
    const owner = ownerOf(name);
    return owner !== undefined && !isRunning(owner);
  });
  await Promise.all(orphans.map((name) => rm(join(root, name), { recursive: true, force: true })));
  return orphans;
}
