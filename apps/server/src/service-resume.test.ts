import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@voxlate/contract';
import { STAGES } from '@voxlate/core';
import { makeLibrivoxWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { form, startService, waitFor, type RunningService } from './test/service-process.js';

/**
 * A service killed with SIGKILL in the middle of its jobs: the next one, on the same data
 * folder, resumes every unfinished job from the first stage whose output was not saved.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-resume-test-'));
const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-resume-data-'));
const services: RunningService[] = [];
let input = '';

beforeAll(() => {
  input = makeLibrivoxWav(dir);
});
afterAll(async () => {
  for (const service of services) await service.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function stageFiles(id: string): Map<string, number> {
  const folder = join(dataDir, 'jobs', id, 'stages');
  const names = readdirSync(folder).filter((name) => name.endsWith('.json'));
  return new Map(names.map((name) => [name, statSync(join(folder, name)).mtimeMs]));
}

describe('resume after kill -9', () => {
  it('finishes every job, going on from the stages saved before the kill', async () => {
    const first = await startService({}, { dataDir });
    services.push(first);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${first.url}/api/jobs`, {
        method: 'POST',
        body: await form({ target_language: i === 1 ? 'fra' : 'spa' }, { file: input }),
      });
      expect(response.status).toBe(202);
      ids.push(((await response.json()) as { id: string }).id);
    }
    // Killed once the first job is well under way: some stages saved, not all.
    await waitFor(() => stageFiles(ids[0]!).size >= 5, 120_000);
    await first.kill();
    const savedBefore = stageFiles(ids[0]!);
    expect(savedBefore.size).toBeLessThan(STAGES.length);

    const second = await startService({}, { dataDir });
    services.push(second);
    for (const id of ids) {
      await readJobEvents(`${second.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 300_000 });
      const job = (await (await fetch(`${second.url}/api/jobs/${id}`)).json()) as {
        state: string;
        segments: unknown[];
      };
      expect({ id, state: job.state }).toEqual({ id, state: 'ready' });
      expect(job.segments.length).toBeGreaterThan(0);
      expect((await fetch(`${second.url}/api/jobs/${id}/result`)).status).toBe(200);
    }
    // Nothing done twice: the stages saved before the kill were taken as they were.
    const savedAfter = stageFiles(ids[0]!);
    for (const [name, mtime] of savedBefore) expect({ name, mtime: savedAfter.get(name) }).toEqual({ name, mtime });
    expect(savedAfter.size).toBe(STAGES.length);
    // No half-written file survives in the job's folders.
    const leftovers = readdirSync(join(dataDir, 'jobs', ids[0]!), { recursive: true }).filter((name) =>
      String(name).endsWith('.partial'),
    );
    expect(leftovers).toEqual([]);
  }, 400_000);

  it('finishes a group of languages killed while its second language ran, going on from what the first heard', async () => {
    const first = await startService({}, { dataDir });
    services.push(first);
    const response = await fetch(`${first.url}/api/jobs`, {
      method: 'POST',
      body: await form({ target_languages: 'spa,fra,ita', voice: 'neutral' }, { file: input }),
    });
    expect(response.status).toBe(202);
    const ids = ((await response.json()) as Job).group!.jobs.map((job) => job.id);
    const stageCount = (id: string): number => {
      try {
        return stageFiles(id).size;
      } catch {
        return 0;
      }
    };
    // Killed once the second language has saved a stage of its own (the first may still run
    // beside it: the languages after the first start as soon as it has heard the media).
    await waitFor(() => stageCount(ids[1]!) >= 1, 240_000);
    await first.kill();
    const heardBefore = stageFiles(ids[0]!);
    const firstResult = join(dataDir, 'jobs', ids[0]!, 'result');
    const resultsBefore = existsSync(firstResult)
      ? readdirSync(firstResult).map((name) => [name, statSync(join(firstResult, name)).mtimeMs])
      : undefined;

    const second = await startService({}, { dataDir });
    services.push(second);
    const jobs: Job[] = [];
    for (const id of ids) {
      await readJobEvents(`${second.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 300_000 });
      jobs.push((await (await fetch(`${second.url}/api/jobs/${id}`)).json()) as Job);
    }
    expect(jobs.map((job) => job.state)).toEqual(['ready', 'ready', 'ready']);
    // Nothing heard again: the first language's saved stages were taken as they were (and its
    // result, if it had finished, is the same file), and the others never listened themselves.
    const heardAfter = stageFiles(ids[0]!);
    for (const [name, mtime] of heardBefore) expect({ name, mtime: heardAfter.get(name) }).toEqual({ name, mtime });
    if (resultsBefore) {
      expect(readdirSync(firstResult).map((name) => [name, statSync(join(firstResult, name)).mtimeMs])).toEqual(
        resultsBefore,
      );
    }
    for (const job of jobs.slice(1)) expect(job.stage_seconds['recognise']).toBeUndefined();
    const sources = jobs.map((job) => job.segments!.map((line) => line.source_text));
    expect(sources[2]).toEqual(sources[0]);
  }, 600_000);
});
