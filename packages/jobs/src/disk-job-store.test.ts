import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BadInput, NotFound } from '@voxlate/core';
import { ownIdentity } from '@voxlate/process-lifetime';
import { DiskJobStore } from './disk-job-store.js';

const root = mkdtempSync(join(tmpdir(), 'voxlate-jobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Request {
  targetLanguage: string;
}

describe('DiskJobStore', () => {
  it('keeps a job across store instances (a restart), lists newest first, and updates it', async () => {
    const store = new DiskJobStore<Request>(join(root, 'a'));
    const first = await store.create({ targetLanguage: 'spa' }, new Date('2026-11-20T10:00:00Z'));
    const second = await store.create({ targetLanguage: 'fra' }, new Date('2026-11-21T10:00:00Z'));
    expect(first.state).toBe('queued');
    const reopened = new DiskJobStore<Request>(join(root, 'a'));
    expect((await reopened.get(first.id)).request).toEqual({ targetLanguage: 'spa' });
    expect((await reopened.list()).jobs.map((job) => job.id)).toEqual([second.id, first.id]);
    expect((await reopened.list(1, 1)).jobs.map((job) => job.id)).toEqual([first.id]);
    const updated = await reopened.update(first.id, { state: 'running', progress: 40 });
    expect(updated).toMatchObject({ id: first.id, state: 'running', progress: 40, createdAt: first.createdAt });
    expect(await store.get(first.id)).toEqual(updated);
  });

  it('finds a stage output again only for the same inputs, whatever order their fields came in', async () => {
    const store = new DiskJobStore<Request>(join(root, 'b'));
    const job = await store.create({ targetLanguage: 'spa' });
    await store.saveStage(job.id, 'translate', { text: 'hello', engine: 'apertium' }, { text: 'hola' });
    expect(await store.loadStage(job.id, 'translate', { engine: 'apertium', text: 'hello' })).toEqual({ text: 'hola' });
    expect(await store.loadStage(job.id, 'translate', { engine: 'apertium', text: 'hello!' })).toBeUndefined();
    expect(await store.loadStage(job.id, 'synthesise', { engine: 'apertium', text: 'hello' })).toBeUndefined();
  });

  it('never reads a half-written stage as a whole one (a crash leaves only a hidden partial file)', async () => {
    const store = new DiskJobStore<Request>(join(root, 'c'));
    const job = await store.create({ targetLanguage: 'spa' });
    const stages = join(store.folder(job.id), 'stages');
    // What a crash between write and rename leaves behind (its process, by pid and start time, is
    // gone), and what an older version left (no owner named, an hour old).
    const { pid, startTicks } = ownIdentity();
    writeFileSync(join(stages, `.0123456789ab-p${pid}s${startTicks + 1}.partial`), '{"text": "ho');
    writeFileSync(join(stages, '.0123456789ac.partial'), '{"text": "ho');
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(join(stages, '.0123456789ac.partial'), hourAgo, hourAgo);
    // Writes still in progress in live processes (this one; an unowned one just begun).
    const inProgress = [`.0123456789ad-p${pid}s${startTicks}.partial`, '.0123456789ae.partial'];
    for (const name of inProgress) writeFileSync(join(stages, name), '{"text": "ho');
    expect(await store.loadStage(job.id, 'translate', { text: 'hello' })).toBeUndefined();
    await store.saveStage(job.id, 'translate', { text: 'hello' }, { text: 'hola' });
    expect(await store.loadStage(job.id, 'translate', { text: 'hello' })).toEqual({ text: 'hola' });
    // The next process to open the store clears what the crash left, and nothing else.
    expect(await new DiskJobStore<Request>(join(root, 'c')).removeLeftovers()).toBe(2);
    expect(
      readdirSync(stages)
        .filter((name) => name.endsWith('.partial'))
        .sort(),
    ).toEqual(inProgress.sort());
    expect(readdirSync(stages).filter((name) => !name.startsWith('.'))).toHaveLength(1);
    expect(await store.loadStage(job.id, 'translate', { text: 'hello' })).toEqual({ text: 'hola' });
  });

  it('moves the input in, removes a job with its files, and answers NotFound after', async () => {
    const store = new DiskJobStore<Request>(join(root, 'd'));
    const job = await store.create({ targetLanguage: 'spa' });
    const upload = join(root, 'talk.mp4');
    writeFileSync(upload, 'media');
    const kept = await store.adoptInput(job.id, upload);
    expect(kept.startsWith(store.folder(job.id))).toBe(true);
    expect(readdirSync(root)).not.toContain('talk.mp4');
    await store.remove(job.id);
    await expect(store.get(job.id)).rejects.toBeInstanceOf(NotFound);
    await expect(store.remove(job.id)).rejects.toBeInstanceOf(NotFound);
    expect(readdirSync(join(root, 'd', 'jobs'))).toEqual([]);
  });

  it('refuses ids that are not ids before they reach the file system', async () => {
    const store = new DiskJobStore<Request>(join(root, 'e'));
    for (const id of ['../../etc', '..', 'abc', '']) await expect(store.get(id)).rejects.toBeInstanceOf(BadInput);
  });

  it('removes jobs unchanged for longer than the retention, and no others', async () => {
    const store = new DiskJobStore<Request>(join(root, 'f'));
    const old = await store.create({ targetLanguage: 'spa' }, new Date('2026-11-01T00:00:00Z'));
    const recent = await store.create({ targetLanguage: 'spa' }, new Date('2026-11-20T00:00:00Z'));
    const touched = await store.create({ targetLanguage: 'spa' }, new Date('2026-11-01T00:00:00Z'));
    await store.update(touched.id, { progress: 10 }, new Date('2026-11-19T00:00:00Z'));
    const removed = await store.expire(7 * 24 * 3600 * 1000, new Date('2026-11-23T00:00:00Z'));
    expect(removed).toEqual([old.id]);
    expect((await store.list()).jobs.map((job) => job.id).sort()).toEqual([recent.id, touched.id].sort());
  });
});
