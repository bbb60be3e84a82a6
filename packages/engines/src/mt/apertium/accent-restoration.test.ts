import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accentCandidates } from './accent-candidates.js';
import { AccentRestorer } from './accent-restorer.js';
import { ApertiumServer } from './apertium-server.js';
import { ApertiumTranslator } from './apertium-translator.js';

describe('accentCandidates', () => {
  it('puts one mark back before two, the frequent marks first and the last syllables first', () => {
    const spanish = accentCandidates('conexion', 'spa');
    expect(spanish[0]).toBe('conexión');
    expect(spanish.indexOf('conexión')).toBeLessThan(spanish.indexOf('cónexion'));
    expect(spanish.every((word, i) => i === 0 || marks(word) >= marks(spanish[i - 1]!))).toBe(true);
    expect(accentCandidates('etait', 'fra').indexOf('était')).toBeLessThan(
      accentCandidates('etait', 'fra').indexOf('ètait'),
    );
  });

  it('keeps the case, leaves marked words and other languages alone', () => {
    expect(accentCandidates('Informacion', 'spa')).toContain('Información');
    expect(accentCandidates('CITTA', 'ita')).toContain('CITTÀ');
    expect(accentCandidates('canción', 'spa')).toEqual([]);
    expect(accentCandidates('connexion', 'eng')).toEqual([]);
  });
});

describe('AccentRestorer on the installed analysers', () => {
  const restorer = new AccentRestorer();

  it('finds the spelling the Spanish analyser knows, and gives none for a word with none', async () => {
    const words = ['conexion', 'vacias', 'Informacion', 'zzxq'];
    expect(await restorer.restore(words, 'spa', 'eng')).toEqual([
      { written: 'conexion', read: 'conexión' },
      { written: 'vacias', read: 'vacías' },
      { written: 'Informacion', read: 'Información' },
    ]);
  });

  it('restores French and Italian words through their own pairs', async () => {
    expect(await restorer.restore(['deja', 'etait'], 'fra', 'spa')).toEqual([
      { written: 'deja', read: 'déjà' },
      { written: 'etait', read: 'était' },
    ]);
    expect(await restorer.restore(['citta', 'perche'], 'ita', 'spa')).toEqual([
      { written: 'citta', read: 'città' },
      { written: 'perche', read: 'perché' },
    ]);
  });

  it('restores nothing for a language without marks or a pair it cannot find', async () => {
    expect(await restorer.restore(['connexion'], 'eng', 'spa')).toEqual([]);
    expect(await new AccentRestorer('/nonexistent').restore(['conexion'], 'spa', 'eng')).toEqual([]);
  });
});

describe('Apertium with accents restored', () => {
  const server = new ApertiumServer();
  afterAll(() => server.stop());

  it('translates unmarked Spanish words and no longer calls them untranslated', async () => {
    const translator = await ApertiumTranslator.create(server);
    const translation = await translator.translate(
      { text: 'La conexion falló y las cajas estaban vacias.' },
      { source: 'spa', target: 'eng' },
      {},
    );
    expect(translation.text).toMatch(/connection/i);
    expect(translation.text).toMatch(/empty/i);
    expect(translation.text).not.toMatch(/conexion|vacias/i);
    expect(translation.untranslated).toBeUndefined();
    expect(translation.readAs).toEqual([
      { written: 'conexion', read: 'conexión' },
      { written: 'vacias', read: 'vacías' },
    ]);
  }, 30_000);
});

describe('Apertium when the analyser fails', () => {
  const server = new ApertiumServer();
  const modes = mkdtempSync(join(tmpdir(), 'voxlate-broken-modes-'));
  afterAll(async () => {
    await server.stop();
    rmSync(modes, { recursive: true, force: true });
  });

  it('translates the line all the same, the unmarked word left and flagged as before', async () => {
    // The analyser's file is gone: lt-proc exits with an error for every candidate.
    writeFileSync(join(modes, 'spa-eng.mode'), "lt-proc -w '/nonexistent/spa-eng.automorf.bin' | apertium-tagger\n");
    const broken = new AccentRestorer(modes);
    await expect(broken.restore(['vacias'], 'spa', 'eng')).rejects.toThrow(/lt-proc/);
    const translator = await ApertiumTranslator.create(server, undefined, { accents: broken });
    const translation = await translator.translate(
      { text: 'Las cajas estaban vacias.' },
      { source: 'spa', target: 'eng' },
      {},
    );
    expect(translation.text).toMatch(/boxes/i);
    expect(translation.untranslated).toEqual(['vacias']);
    expect(translation.readAs).toBeUndefined();
  }, 30_000);
});

function marks(word: string): number {
  return [...word].filter((letter) => /[^\p{ASCII}]/u.test(letter)).length;
}
