import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApertiumServer } from './apertium-server.js';
import { ApertiumTranslator } from './apertium-translator.js';
import { installedPairs } from './installed-pairs.js';

const server = new ApertiumServer();
const folder = mkdtempSync(join(tmpdir(), 'voxlate-apertium-modes-'));
afterAll(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

const sorted = (pairs: { source: string; target: string }[]): string[] =>
  pairs.map((pair) => `${pair.source}-${pair.target}`).sort();

describe('the installed Apertium pairs', () => {
  it('are the ones apertium-apy lists, read from the modes folder', async () => {
    const fromFolder = await installedPairs();
    expect(fromFolder.length).toBeGreaterThan(5);
    expect(sorted(fromFolder)).toEqual(sorted(await server.pairs()));
  });

  it('are read the way apertium-apy reads mode names: variants and debug modes left out, old codes made three letters', async () => {
    for (const name of [
      'eng-spa.mode',
      'es-fr.mode',
      'cat-eng_US.mode',
      'eco-es-fr.mode',
      'README',
      'ita-cat_pre2017.mode',
    ])
      writeFileSync(join(folder, name), '');
    expect(sorted(await installedPairs(folder))).toEqual(['eng-spa', 'spa-fra']);
    expect(await installedPairs(join(folder, 'missing'))).toEqual([]);
  });

  it('let a translator say what it can translate without starting a server', async () => {
    const idle = new ApertiumServer();
    const translator = await ApertiumTranslator.create(idle);
    expect(translator.qualityFor({ source: 'eng', target: 'spa' })).toBe('full');
    expect(idle.pid()).toBeUndefined();
    await translator.close();
  });
});
