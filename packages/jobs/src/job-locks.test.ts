import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Busy, NotFound } from '@voxlate/core';
import { DiskJobStore } from './disk-job-store.js';
import { LOCK_STALE_MS, LOCK_WAIT_MS } from '@voxlate/disk';
import { START_WAIT_MS } from './job-locks.js';

const root = mkdtempSync(join(tmpdir(), 'voxlate-locks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const child = fileURLToPath(new URL('../dist/test/change-job.js', import.meta.url));

function start(...args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [child, root, ...args]);
}

/** Resolves with the child's first line of output; rejects if it ends first. */
function said(process: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let errors = '';
    process.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    process.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    process.once('close', (code) => reject(new Error(`child ended (${code}) before a word: ${errors}`)));
  });
}

describe('JobLocks (through DiskJobStore)', () => {
  it('loses no change when two processes and this one change one job at once', async () => {
    const store = new DiskJobStore(root);
    const job = await store.create({});
    const children = [start(job.id, 'append', 'a', '40'), start(job.id, 'append', 'b', '40')];
    const local = Array.from({ length: 20 }, (_, i) =>
      store.change(job.id, (record) => ({ warnings: [...record.warnings, `c${i}`] })),
    );
    expect(await Promise.all(children.map(said))).toEqual(['done', 'done']);
    await Promise.all(local);
    const { warnings } = await store.get(job.id);
    expect(warnings).toHaveLength(100);
    expect(new Set(warnings).size).toBe(100);
  }, 60_000);

  it('lets work under a lock change the record without waiting on itself', async () => {
    const store = new DiskJobStore(root);
    const job = await store.create({});
    const updated = await store.exclusive(job.id, async () => {
      await store.update(job.id, { progress: 10 });
      return store.change(job.id, (record) => ({ progress: record.progress + 5 }));
    });
    expect(updated.progress).toBe(15);
  });

  it('refuses as Busy within the wait bound while a killed process still holds it, and goes on once it is stale', async () => {
    const store = new DiskJobStore(root);
    const job = await store.create({});
    const holder = start(job.id, 'hold');
    expect(await said(holder)).toBe('held');
    const killedAt = Date.now();
    holder.kill('SIGKILL');
    const started = Date.now();
    await expect(store.update(job.id, { progress: 1 })).rejects.toBeInstanceOf(Busy);
    expect(Date.now() - started).toBeLessThan(LOCK_WAIT_MS + 1000);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + LOCK_STALE_MS + 500 - Date.now())));
    expect((await store.update(job.id, { progress: 2 })).progress).toBe(2);
  }, 30_000);

  it('lets a run starting a job wait out the lock a process killed a moment ago held', async () => {
    const store = new DiskJobStore(root);
    const job = await store.create({});
    const holder = start(job.id, 'hold');
    expect(await said(holder)).toBe('held');
    holder.kill('SIGKILL');
    const started = Date.now();
    const taken = await store.exclusive(job.id, () => store.update(job.id, { state: 'running' }), START_WAIT_MS);
    expect(taken.state).toBe('running');
    // Waited for the lock to go stale, not refused at the request's bound.
    expect(Date.now() - started).toBeGreaterThan(LOCK_WAIT_MS);
  }, 30_000);

  it('answers NotFound to a change of a job removed while it waited', async () => {
    const store = new DiskJobStore(root);
    const job = await store.create({});
    const removal = store.remove(job.id);
    const change = store.update(job.id, { progress: 3 });
    await removal;
    await expect(change).rejects.toBeInstanceOf(NotFound);
  });
});
