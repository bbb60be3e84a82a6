import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApertiumLexicon } from './apertium-lexicon.js';

/** This process's running Spanish analysers (lt-proc children), by process id. */
function spanishAnalysers(): string[] {
  const listed = spawnSync('pgrep', ['-P', String(process.pid), '-f', 'spa-eng.automorf'], { encoding: 'utf8' });
  return listed.stdout.split('\n').filter(Boolean).sort();
}

describe('ApertiumLexicon (Debian Apertium analysers)', () => {
  const lexicon = new ApertiumLexicon();
  afterAll(() => lexicon.close());

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

  it('keeps each analyser running between checks, answering checks sent together in order', async () => {
    await lexicon.known('spa', ['casa']);
    const running = spanishAnalysers();
    expect(running).toHaveLength(1);
    const [a, b, c] = await Promise.all([
      lexicon.known('spa', ['perro', 'dog']),
      lexicon.known('spa', ['gato', 'cat']),
      lexicon.known('spa', ['mesa', 'table']),
    ]);
    expect([[...a!], [...b!], [...c!]]).toEqual([['perro'], ['gato'], ['mesa']]);
    // The same process answered them all: none was started for them.
    expect(spanishAnalysers()).toEqual(running);
  });

  it('starts an analyser afresh once it has been stopped, and stops them on close', async () => {
    const own = new ApertiumLexicon(undefined, 50);
    expect([...(await own.known('eng', ['house', 'casa']))!]).toEqual(['house']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect([...(await own.known('eng', ['tree', 'arbol']))!]).toEqual(['tree']);
    await own.close();
  });
});
