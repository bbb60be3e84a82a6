import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openJobStore, upgradeJobRequest } from './job-request.js';

const root = mkdtempSync(join(tmpdir(), 'voxlate-job-request-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const earlier = {
  inputFile: 'talk.mp4',
  inputName: 'talk.mp4',
  kind: 'video',
  sourceLanguage: 'eng',
  targetLanguage: 'spa',
  outputContainer: 'mp4',
  engines: {},
  options: { voice: 'neutral', speakers: 2, lipSync: true, burnSubtitles: true },
  client: '127.0.0.1',
};

describe('a request kept by an earlier version', () => {
  it('is read with its choices grouped: voice, lip sync, subtitles', () => {
    const request = upgradeJobRequest(earlier);
    expect(request.choices).toEqual({
      voice: { mode: 'neutral', speakers: 2 },
      lipSync: true,
      subtitles: { burnIn: true },
    });
    expect(request).not.toHaveProperty('options');
    expect(upgradeJobRequest(request)).toEqual(request);
  });

  it('is upgraded by the store as it reads the record', async () => {
    const id = 'mflq0v2a0-0123456789ab';
    mkdirSync(join(root, 'jobs', id), { recursive: true });
    const record = {
      id,
      state: 'ready',
      createdAt: '',
      updatedAt: '',
      revision: 0,
      progress: 100,
      warnings: [],
      stageSeconds: {},
    };
    writeFileSync(join(root, 'jobs', id, 'job.json'), JSON.stringify({ ...record, request: earlier }));
    const job = await openJobStore(root).get(id);
    expect(job.request.choices.voice).toEqual({ mode: 'neutral', speakers: 2 });
  });
});
