import { describe, expect, it } from 'vitest';
import { senseKeys } from './cedict-reverse.js';
import { bestTranslation } from './dictd-dictionary.js';
import { decodeDictdNumber } from './dictd-number.js';
import { englishLemmas, tokenise } from './tokenise.js';
import { cleanAlternative } from './gloss-cleaning.js';
import { expandContraction, functionWordGloss } from './function-words.js';
import { OffensiveWords } from './offensive-words.js';
import { hasUnfitRegister } from './sense-register.js';

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

describe('dictionary senses fit for a gloss', () => {
  it('never uses an entry marked vulgar, pejorative, euphemistic or slang', () => {
    const john = [
      'john /dʒˈɒn/\n [Am.] Freier <masc> [euphem.]\n         Note: Kunde einer Prostituierten\n',
      'john /dʒˈɒn/\n [Am.]  [slang] Klo <neut> [ugs.]\n      "in the john"  - im Klo\n      "x"  - y\n',
    ];
    expect(bestTranslation(john)).toBeUndefined();
    expect(bestTranslation([...john, 'john /x/\nJohannes <masc>\n'])).toBe('Johannes');
    // An example sentence may say "offensive" without the sense being so.
    expect(bestTranslation(['attack /x/\nAngriff <masc>\n      "an offensive move"  - ein Angriff\n'])).toBe('Angriff');
  });

  it('takes the next alternative or numbered sense when one is refused', () => {
    const cock = ['cock /kɔk/\n1. bitte, zob\n2. coq\n'];
    expect(bestTranslation(cock, (gloss) => !['bitte', 'zob'].includes(gloss))).toBe('coq');
  });

  it('cleans dictionary leftovers', () => {
    expect(cleanAlternative('etw. aufbauen')).toBe('aufbauen');
    expect(cleanAlternative('jds. Lebtag')).toBe('Lebtag');
    expect(cleanAlternative('Hr.')).toBeUndefined();
    expect(cleanAlternative('…herzig')).toBeUndefined();
    expect(cleanAlternative('rauch-')).toBeUndefined();
    expect(cleanAlternative('Watt W')).toBe('Watt');
    expect(cleanAlternative('Vitamin C')).toBe('Vitamin C');
    expect(cleanAlternative('骨 2.')).toBe('骨');
    expect(cleanAlternative('gehen/marschieren')).toBe('gehen');
  });

  it('reads register labels of FreeDict and CC-CEDICT', () => {
    expect(hasUnfitRegister('penis (vulgar)')).toBe(true);
    expect(hasUnfitRegister('(slang) cool or extraordinary')).toBe(true);
    expect(hasUnfitRegister(' [Am.]  [slang] Klo <neut> [ugs.]')).toBe(true);
    expect(hasUnfitRegister('Dummkopf <masc> [oft pej.]')).toBe(true);
    expect(hasUnfitRegister('Haus <neut> [ugs.]')).toBe(false);
    expect(hasUnfitRegister('offensively')).toBe(false);
  });

  it('expands contractions and has the common sense of function words', () => {
    expect(expandContraction("I've")).toEqual(['I', 'have']);
    expect(expandContraction("can't")).toEqual(['cannot']);
    expect(expandContraction("they'd")).toEqual(['they', 'would']);
    expect(expandContraction("John's")).toEqual(["John's"]);
    expect(functionWordGloss('are', 'deu')).toBe('sind');
    expect(functionWordGloss('They', 'yue')).toBe('佢哋');
    expect(functionWordGloss('house', 'deu')).toBeUndefined();
  });
});

describe('offensive word lists', () => {
  it('finds whole words in spaced scripts, Greek without accents, Chinese in both scripts', () => {
    expect(OffensiveWords.for('deu').findIn('Du Arschloch!')).toEqual(['arschloch']);
    expect(OffensiveWords.for('deu').findIn('Arschbacke ist ein Wort')).toEqual([]);
    expect(OffensiveWords.for('ell').isOffensive('ψωλή')).toBe(true);
    expect(OffensiveWords.for('ell').isOffensive('πετεινός')).toBe(false);
    expect(OffensiveWords.for('yue').findIn('佢係雞巴')).toContain('雞巴');
    expect(OffensiveWords.for('cmn').findIn('他是鸡巴')).toContain('鸡巴');
  });

  it('matches Latin and katakana words by their edges in unspaced text', () => {
    const japanese = OffensiveWords.for('jpn');
    expect(japanese.findIn('セルビア・モンテネグロ')).toEqual([]);
    expect(japanese.findIn('smallerより')).toEqual([]);
    expect(japanese.findIn('グロ画像')).toContain('グロ');
    expect(japanese.isOffensive('裸')).toBe(true); // single characters only as a whole gloss
    expect(japanese.findIn('裸眼')).toEqual([]);
  });
});
