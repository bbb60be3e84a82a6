import { describe, expect, it } from 'vitest';
import { containsHangul, romaniseHangul } from './romanise-hangul.js';

describe('romaniseHangul (Revised Romanization)', () => {
  it.each([
    ['서울', 'seoul'],
    ['부산', 'busan'],
    ['밥', 'bap'],
    ['한국어', 'hangugeo'], // linking
    ['읽어요', 'ilgeoyo'], // a double final splits
    ['없어요', 'eopseoyo'],
    ['국물', 'gungmul'], // nasalisation
    ['백마', 'baengma'],
    ['감사합니다', 'gamsahamnida'],
    ['신라', 'silla'], // ㄹ assimilation
    ['설날', 'seollal'],
    ['종로', 'jongno'],
    ['좋다', 'jota'], // aspiration by ㅎ
    ['좋아요', 'joayo'],
    ['입학', 'iphak'],
    ['같이', 'gachi'], // palatalisation
    ['학교', 'hakgyo'],
    ['안녕하세요', 'annyeonghaseyo'],
  ])('%s -> %s', (hangul, latin) => {
    expect(romaniseHangul(hangul)).toBe(latin);
  });

  it('romanises word by word and leaves everything else as it was', () => {
    expect(romaniseHangul('안녕하세요, 여러분! 2024년 OK?')).toBe('annyeonghaseyo, yeoreobun! 2024nyeon OK?');
    expect(containsHangul('abc 한')).toBe(true);
    expect(containsHangul('abc')).toBe(false);
  });
});
