import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TranslationMemoryPort } from '@voxlate/core';
import { DiskJobStore } from './disk-job-store.js';
import { JobProcessor, type DubInFolder } from './job-processor.js';
import { type JobRequest } from './job-request.js';
import { WorkspaceLibraries } from '@voxlate/workspace';
import { dubInFolderOf } from './board/job-board.js';

/**
 * A job is dubbed with the translation memory of the workspace that owns it, wherever it runs (in
 * the service, or in a Redis worker: both hand the processor dubInFolderOf).
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-workspace-memory-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const WORKSPACE = '0123456789abcdef';

describe('a job’s translation memory', () => {
  it('is its workspace’s: the processor names the owner, and the dub is given that memory', async () => {
    const store = new DiskJobStore<JobRequest>(join(root, 'data'));
    const libraries = new WorkspaceLibraries(join(root, 'data'));
    const given: (TranslationMemoryPort | undefined)[] = [];
    const dubber = {
      dubIn: (_workDir: string, _request: unknown, _run: unknown, memory?: TranslationMemoryPort) => {
        given.push(memory);
        return Promise.reject(new Error('the test stops here'));
      },
    };
    const owners: (string | undefined)[] = [];
    const dub: DubInFolder = (workDir, request, run, workspace) => {
      owners.push(workspace);
      return dubInFolderOf(dubber, libraries)(workDir, request, run, workspace);
    };
    for (const workspace of [WORKSPACE, undefined]) {
      const { id } = await store.create({
        inputFile: 'talk.wav',
        inputName: 'talk.wav',
        kind: 'audio',
        sourceLanguage: 'eng',
        targetLanguage: 'spa',
        outputContainer: 'wav',
        engines: {},
        choices: {},
        client: 'someone',
        ...(workspace ? { workspace } : {}),
      });
      await new JobProcessor(store, dub).process({ id, group: false }, new AbortController().signal);
      expect((await store.get(id)).state).toBe('failed');
    }
    expect(owners).toEqual([WORKSPACE, undefined]);
    expect(given[0]).toBe(libraries.of(WORKSPACE).memory);
    expect(libraries.of(WORKSPACE).memory.root).toBe(join(root, 'data', 'workspaces', WORKSPACE, 'memory'));
    expect(given[1]).toBe(libraries.of(undefined).memory);
    expect(given[0]).not.toBe(given[1]);
  });
});
