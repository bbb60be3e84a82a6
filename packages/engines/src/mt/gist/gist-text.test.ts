import { describe, expect, it } from 'vitest';
import { senseKeys } from './cedict-reverse.js';
import { bestTranslation } from './dictd-dictionary.js';
import { decodeDictdNumber } from './dictd-number.js';
import { englishLemmas, tokenise } from './tokenise.js';

describe('dictionary helpers', () => {
  it('decodes dictd base64 numbers', () => {
    expect(decodeDictdNumber('B')).toBe(1);
    expect(decodeDictdNumber('BA')).toBe(64);
    expect(decodeDictdNumber('krTE')).toBe(((36 * 64 + 43) * 64 + 19) * 64 + 4);
  });

  it('prefers the common, well-exemplified, non-specialist sense', () => {
    const entries = [
      'house /h/\nGeschlecht <neut>, Familie <fem>\n',
      'house /h/\nHaus <neut>\n      "build a house"  - ein Haus bauen\n      "a"  - b\n',
      'house /h/\nHouse-Musik <fem> [mus.]\n      "x"  - y\n      "x"  - y\n      "x"  - y\n',
    ];
    expect(bestTranslation(entries)).toBe('Haus');
  });

  it('drops sense numbering and notes', () => {
    expect(bestTranslation(['x\n1. 家 (いえ) <n>\n'])).toBe('家');
  });

  it('turns CEDICT senses into English keys', () => {
    expect(senseKeys('to run (a business); to operate')).toEqual(['run', 'operate']);
    expect(senseKeys('CL:個|个[ge4]')).toEqual([]);
  });

  it('tokenises words and punctuation and finds English base forms', () => {
    expect(tokenise("It's fine, isn't it?").map((token) => token.text)).toEqual([
      "It's",
      'fine',
      ',',
      "isn't",
      'it',
      '?',
    ]);
    expect(englishLemmas('houses')).toContain('house');
    expect(englishLemmas('was')).toContain('be');
  });
});
