import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOwnedTempDir, ownerOf, sweepOrphanedTempDirs } from './owned-temp-dir.js';
import { isRunning, ownIdentity, startTicksOf } from './process-identity.js';

const root = mkdtempSync(join(tmpdir(), 'voxlate-process-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function waitUntil(condition: () => boolean, ms = 5000): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe('owned temporary folders', () => {
  it('names their owner, which is this process while it runs', async () => {
    const dir = await createOwnedTempDir(root, 'request');
    const owner = ownerOf(basename(dir));
    expect(owner).toEqual(ownIdentity());
    expect(isRunning(owner!)).toBe(true);
    expect(ownerOf('voxlate-request-abc123')).toBeUndefined();
  });

  it('are swept when their owner has died, and only then', async () => {
    const mine = await createOwnedTempDir(root, 'job');
    // A process that ran and ended: its pid and start time name a dead owner.
    const child = spawnSync('sh', ['-c', 'cut -d" " -f1,22 /proc/self/stat'], { encoding: 'utf8' });
    const [pid, ticks] = child.stdout.trim().split(' ').map(Number);
    const dead = join(root, `voxlate-request-p${pid}s${ticks}-Xy12Ab`);
    mkdirSync(join(dead, 'nested'), { recursive: true });
    // Same pid, other start time: a reused pid does not make a dead owner live again.
    const reused = join(root, `voxlate-job-p${process.pid}s1-Zz99Qq`);
    mkdirSync(reused);
    const foreign = join(root, 'voxlate-notes');
    mkdirSync(foreign);
    const removed = await sweepOrphanedTempDirs(root);
    expect(removed.sort()).toEqual([basename(dead), basename(reused)].sort());
    expect(existsSync(mine)).toBe(true);
    expect(existsSync(foreign)).toBe(true);
    expect(readdirSync(root)).not.toContain(basename(dead));
    expect(readdirSync(root)).not.toContain(basename(reused));
  });
});

describe('spawnTied', () => {
  it('ends a child when its parent is killed with -9', async () => {
    // A Node parent that starts a long sleep through spawnTied and prints its pid.
    const script = `
      import { spawnTied } from ${JSON.stringify(new URL('../dist/tied-spawn.js', import.meta.url).pathname)};
      const child = spawnTied('sleep', ['60'], { stdio: 'ignore' });
      console.log(child.pid);
      setInterval(() => {}, 1000);
    `;
    const parent = spawn('node', ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const childPid = await new Promise<number>((resolve) =>
      parent.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim()))),
    );
    expect(await waitUntil(() => startTicksOf(childPid) !== undefined)).toBe(true);
    parent.kill('SIGKILL');
    // Before: the sleep ran on for its 60 s, reparented to init.
    expect(await waitUntil(() => startTicksOf(childPid) === undefined)).toBe(true);
  });
});
