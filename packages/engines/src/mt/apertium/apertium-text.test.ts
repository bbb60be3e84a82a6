import { describe, expect, it } from 'vitest';
import { findRoute, plainPairs } from './routes.js';
import { stripApertiumMarks, unknownWords } from './strip-marks.js';

const pairs = [
  { source: 'eng', target: 'spa' },
  { source: 'eng', target: 'cat' },
  { source: 'cat', target: 'fra' },
  { source: 'spa', target: 'fra' },
  { source: 'cat', target: 'ita' },
  { source: 'spa', target: 'ita' },
];

describe('Apertium routes', () => {
  it('takes a direct pair when there is one', () => {
    expect(findRoute(pairs, 'eng', 'spa')).toEqual(['eng', 'spa']);
  });

  it('goes through Catalan before Spanish for eng->fra and eng->ita', () => {
    expect(findRoute(pairs, 'eng', 'fra')).toEqual(['eng', 'cat', 'fra']);
    expect(findRoute(pairs, 'eng', 'ita')).toEqual(['eng', 'cat', 'ita']);
  });

  it('has no route for unknown or identical languages', () => {
    expect(findRoute(pairs, 'eng', 'deu')).toBeUndefined();
    expect(findRoute(pairs, 'eng', 'eng')).toBeUndefined();
  });

  it('keeps only plain language pairs from APY listings', () => {
    expect(
      plainPairs([
        { sourceLanguage: 'eng', targetLanguage: 'cat_valencia' },
        { sourceLanguage: 'spa', targetLanguage: 'eng' },
      ]),
    ).toEqual([{ source: 'spa', target: 'eng' }]);
  });
});

describe('stripApertiumMarks', () => {
  it('removes unknown, generation and transfer marks but keeps the words', () => {
    expect(stripApertiumMarks('Hola *xyzzy, #ser @casa (*foo) ¿*bar?')).toBe('Hola xyzzy, ser casa (foo) ¿bar?');
  });

  it('leaves clean text and inner symbols alone', () => {
    expect(stripApertiumMarks('Escribe a ana@example.com')).toBe('Escribe a ana@example.com');
  });
});

describe('unknownWords', () => {
  it('lists the words Apertium left in the source language (marked *), not the ungenerated ones (#, @)', () => {
    expect(unknownWords('Te tienes visto el *thumbnail de mi *vlog? (*foo) ¿*bar? #ser @casa')).toEqual([
      'thumbnail',
      'vlog',
      'foo',
      'bar',
    ]);
  });
});
