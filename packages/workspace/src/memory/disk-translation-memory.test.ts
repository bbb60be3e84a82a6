import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskTranslationMemory } from './disk-translation-memory.js';

const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-memory-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const line = (source: string, target: string) =>
  ({ source, target, sourceLanguage: 'eng', targetLanguage: 'spa' }) as const;

describe('the translation memory shared by two processes', () => {
  it('sees the other’s entry written within the same tick of the file system’s clock', async () => {
    // Two instances on one folder stand for two services.
    const writer = new DiskTranslationMemory(dataDir);
    const reader = new DiskTranslationMemory(dataDir);
    const folder = join(dataDir, 'memory', 'eng-spa');
    // A coarse clock gives the folder the same time at both writes: set it so, as such a clock would.
    const tick = Date.now() / 1000;
    await writer.remember(line('Good morning.', 'Buenos días.'));
    utimesSync(folder, tick, tick);
    expect((await reader.list({}, 0, 10)).total).toBe(1);
    await writer.remember(line('Good night.', 'Buenas noches.'));
    utimesSync(folder, tick, tick);
    expect((await reader.list({}, 0, 10)).total).toBe(2);
    expect((await reader.match({ source: 'eng', target: 'spa' }, 'good night'))?.line.target).toBe('Buenas noches.');
  });
});
