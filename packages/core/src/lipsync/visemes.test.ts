import { describe, expect, it } from 'vitest';
import { VISEME_SHAPES, visemeOf, visemesAt } from './visemes.js';

describe('visemes', () => {
  it("maps eSpeak's phonemes to the reference's visemes", () => {
    expect(['p', 'b', 'm'].map(visemeOf)).toEqual(['PP', 'PP', 'PP']);
    expect(['f', 'v'].map(visemeOf)).toEqual(['FF', 'FF']);
    expect(['tS', 'dZ', 'S', 't', 'T'].map(visemeOf)).toEqual(['CH', 'CH', 'CH', 'DD', 'TH']);
    expect(['a', 'aI', 'E', 'i:', 'O', 'u:', 'w'].map(visemeOf)).toEqual(['aa', 'aa', 'E', 'ih', 'oh', 'ou', 'ou']);
    // Stress marks are not sounds; a pause is silence; h has no shape of its own.
    expect(visemeOf("'a")).toBe('aa');
    expect(visemeOf('_:')).toBe('sil');
    expect(visemeOf('h')).toBeUndefined();
  });

  it('maps the IPA eSpeak NG reports for most languages, stress and length marks aside', () => {
    // Spanish "Hola, Pablo": ˈo l a _ p ˈa β l o
    expect(['ˈo', 'l', 'a', '_', 'p', 'ˈa', 'β', 'l', 'o'].map(visemeOf)).toEqual([
      'oh',
      'nn',
      'aa',
      'sil',
      'PP',
      'aa',
      'FF',
      'nn',
      'oh',
    ]);
    expect(['tʃ', 'ʃ', 'θ', 'ɾ', 'ŋ', 'ɹ', 'ɛ', 'ə', 'ɪ', 'ɔː', 'ʊ', 'y'].map(visemeOf)).toEqual([
      'CH',
      'CH',
      'TH',
      'DD',
      'kk',
      'RR',
      'E',
      'E',
      'ih',
      'oh',
      'ou',
      'ou',
    ]);
  });

  it('closes the mouth for bilabials and opens it widest for a', () => {
    const openness = (v: keyof typeof VISEME_SHAPES): number => VISEME_SHAPES[v].openness;
    expect(openness('PP')).toBe(0);
    for (const viseme of Object.keys(VISEME_SHAPES) as (keyof typeof VISEME_SHAPES)[]) {
      expect(openness(viseme)).toBeLessThanOrEqual(openness('aa'));
    }
    expect(VISEME_SHAPES.ou.rounding).toBeGreaterThan(VISEME_SHAPES.E.rounding);
  });

  it('gives each time the sounding viseme, a shapeless sound its neighbour, silence outside', () => {
    const phonemes = [
      { phoneme: 'h', start: 0, end: 0.1 },
      { phoneme: 'O', start: 0.1, end: 0.3 },
      { phoneme: 'm', start: 0.3, end: 0.4 },
    ];
    expect(visemesAt(phonemes, [0.05, 0.2, 0.35, 0.5, -0.1])).toEqual(['oh', 'oh', 'PP', 'sil', 'sil']);
  });
});
