import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Conflict, type Glossary } from '@voxlate/core';
import { DiskGlossaries } from './disk-glossaries.js';

const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-glossaries-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const terms = (...pairs: [string, string][]): Glossary => ({
  sourceLanguage: 'eng',
  terms: pairs.map(([source, spa]) => ({ source, targets: { spa } })),
});

describe('glossaries shared by two processes', () => {
  it('refuses a change made from a version someone else has saved over, and keeps both once made again', async () => {
    // Two instances on one folder stand for two services.
    const [mine, theirs] = [new DiskGlossaries(dataDir), new DiskGlossaries(dataDir)];
    const made = await mine.create('Cooking', terms(['channel', 'canal']));
    // Both add a term to the version they opened, at the same moment.
    const saves = await Promise.allSettled([
      mine.replace(made.id, 'Cooking', terms(['channel', 'canal'], ['oven', 'horno']), made.updatedAt),
      theirs.replace(made.id, 'Cooking', terms(['channel', 'canal'], ['pan', 'sartén']), made.updatedAt),
    ]);
    const kept = saves.filter((save) => save.status === 'fulfilled');
    const refused = saves.filter((save) => save.status === 'rejected');
    expect(kept).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/was saved by someone else at /);
    // The refused one opens the glossary again and adds its term to what is there now.
    const now = await theirs.get(made.id);
    expect(now.updatedAt > made.updatedAt).toBe(true);
    const refusedTerm = now.terms.some((term) => term.source === 'oven') ? ['pan', 'sartén'] : ['oven', 'horno'];
    await theirs.replace(
      made.id,
      'Cooking',
      { sourceLanguage: 'eng', terms: [...now.terms, { source: refusedTerm[0]!, targets: { spa: refusedTerm[1]! } }] },
      now.updatedAt,
    );
    expect((await mine.get(made.id)).terms.map((term) => term.source).sort()).toEqual(['channel', 'oven', 'pan']);
  });

  it('lets the last save win when a change names no version', async () => {
    const glossaries = new DiskGlossaries(dataDir);
    const made = await glossaries.create('Travel', terms(['train', 'tren']));
    await glossaries.replace(made.id, 'Travel', terms(['bus', 'autobús']));
    const last = await glossaries.replace(made.id, 'Travel', terms(['plane', 'avión']));
    expect(last.terms.map((term) => term.source)).toEqual(['plane']);
  });
});
