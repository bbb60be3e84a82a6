import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiKeys, DiskGlossaries, DiskTranslationMemory, WorkspaceLibraries } from '@voxlate/workspace';
import { openJobStore, type JobRequest } from './job-request.js';
import { adoptOpenData, earlierWorkFor } from './adopt-open-data.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-adopt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('adopting what was made before keys', () => {
  it('gives a workspace the open jobs, glossaries, memory and voices, and nothing twice', async () => {
    const data = join(dir, 'adopt');
    const store = openJobStore(data);
    const open = await store.create({ targetLanguage: 'spa', client: '127.0.0.1' } as JobRequest);
    const owned = await store.create({
      targetLanguage: 'fra',
      client: 'x',
      workspace: 'fedcba9876543210',
    } as JobRequest);
    await new DiskGlossaries(data).create('Kitchen', {
      sourceLanguage: 'eng',
      terms: [{ source: 'dinner', targets: { spa: 'cena' } }],
    });
    await new DiskTranslationMemory(data).remember({
      sourceLanguage: 'eng',
      targetLanguage: 'spa',
      source: 'Hello.',
      target: 'Hola.',
    });
    const keys = new ApiKeys(data, 0);
    const { workspace } = await keys.add('Founders');
    expect(await keys.workspaceNamed('founders')).toEqual(workspace);
    // A workspace with nothing of its own hears what waits; one with a job of its own does not.
    expect(await earlierWorkFor(data, workspace)).toEqual({ jobs: 1, folders: ['glossaries', 'memory'] });
    expect(await earlierWorkFor(data, { id: 'fedcba9876543210', name: 'Owner' })).toBeUndefined();

    const adopted = await adoptOpenData(data, workspace);
    expect(adopted).toEqual({ jobs: 1, folders: ['glossaries', 'memory'] });
    expect((await store.get(open.id)).request.workspace).toBe(workspace.id);
    expect((await store.get(owned.id)).request.workspace).toBe('fedcba9876543210');
    const library = new WorkspaceLibraries(data).of(workspace.id);
    expect((await library.glossaries.list()).map((glossary) => glossary.name)).toEqual(['Kitchen']);
    expect((await library.memory.list({}, 0, 10)).total).toBe(1);
    expect(await new WorkspaceLibraries(data).of(undefined).glossaries.list()).toEqual([]);
    expect(await earlierWorkFor(data, (await keys.add('Newcomers')).workspace)).toBeUndefined();

    // Open data made since goes to another workspace, never into one that has its own.
    await new DiskGlossaries(data).create('Later', { sourceLanguage: 'eng', terms: [] });
    await expect(adoptOpenData(data, workspace)).rejects.toThrow(/already has its own glossaries: nothing was moved/);
    expect((await new DiskGlossaries(data).list()).map((glossary) => glossary.name)).toEqual(['Later']);
  });
});
