import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApertiumLexicon } from './apertium-lexicon.js';

describe('ApertiumLexicon (Debian Apertium analysers)', () => {
  const lexicon = new ApertiumLexicon();

  it('knows Spanish and English words and not the other language’s', async () => {
    const spanish = await lexicon.known('spa', ['casa', 'vacías', 'homeless', 'desactivado', 'hotel']);
    expect([...spanish!].sort()).toEqual(['casa', 'hotel', 'vacías']);
    const english = await lexicon.known('eng', ['folders', 'the', 'vacias', 'deshabilitar']);
    expect([...english!].sort()).toEqual(['folders', 'the']);
  });

  it('knows French and Italian words', async () => {
    expect([...(await lexicon.known('fra', ['maison', 'homeless']))!]).toEqual(['maison']);
    expect([...(await lexicon.known('ita', ['casa', 'heady']))!]).toEqual(['casa']);
  });

  it('says nothing for a language it has no analyser for, or when the analyser is missing', async () => {
    expect(await lexicon.known('deu', ['haus'])).toBeUndefined();
    const empty = mkdtempSync(join(tmpdir(), 'voxlate-lexicon-'));
    try {
      expect(await new ApertiumLexicon(empty).known('spa', ['casa'])).toBeUndefined();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('reads words with Apertium’s own marks in them as plain words', async () => {
    expect([...(await lexicon.known('spa', ['ca$sa^', '*casa']))!]).toEqual(['casa']);
  });
});
