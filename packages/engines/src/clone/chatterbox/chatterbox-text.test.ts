import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChatterboxText, readCangjieTable, toJamo } from './chatterbox-text.js';
import { fromHalf, toHalf } from './half-float.js';
import { choose } from './speech-token-loop.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-chatterbox-text-'));
const cangjie = join(dir, 'Cangjie5_TC.json');
// The real file's form: "glyph\tcode" entries; 日 and 曰 share a code, 你 is listed twice.
writeFileSync(cangjie, JSON.stringify(['你\tonf', '好\tvnd', '日\ta', '曰\ta', '中\tl', '你\tonf']));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ChatterboxText (the MTLTokenizer preparation)', () => {
  const text = new ChatterboxText(cangjie);

  it('lower-cases, decomposes accents (NFKD), tags the language and spells spaces [SPACE]', async () => {
    expect(await text.prepare('Ça VA très bien', 'fra')).toBe('[fr]c\u0327a[SPACE]va[SPACE]tre\u0300s[SPACE]bien');
    expect(await text.prepare('Καλημέρα', 'ell')).toBe('[el]καλημε\u0301ρα');
  });

  it('writes Chinese as Cangjie codes, a shared code numbered by place, unknown glyphs as they are', async () => {
    expect(await text.prepare('你好', 'cmn')).toBe('[zh][cj_o][cj_n][cj_f][cj_.][cj_v][cj_n][cj_d][cj_.]');
    const codes = await readCangjieTable(cangjie);
    expect(codes.get('日')).toBe('a');
    expect(codes.get('曰')).toBe('a1');
    expect(await text.prepare('曰龍', 'cmn')).toBe('[zh][cj_a][cj_1][cj_.][SPACE]龍'); // two words, apart
  });

  it('reads Japanese kanji as hiragana and Korean syllables as jamo', async () => {
    expect(await text.prepare('今日', 'jpn')).toBe('[ja]きょう');
    expect(toJamo('한')).toBe('\u1112\u1161\u11ab');
    expect(await text.prepare('한 번', 'kor')).toBe('[ko]\u1112\u1161\u11ab[SPACE]\u1107\u1165\u11ab');
  });

  it('refuses a language the model does not speak (Cantonese)', async () => {
    await expect(text.prepare('你好', 'yue')).rejects.toThrow(/does not speak yue/);
  });
});

describe('the speech-token choice and float16', () => {
  it('penalises every token made once (1.2), then takes the best', () => {
    const scores = Float32Array.of(0, 5, 4.5, -1);
    expect(choose(scores.slice(), [])).toBe(1);
    expect(choose(scores.slice(), [1])).toBe(2); // 5 / 1.2 = 4.17 < 4.5
    expect(choose(Float32Array.of(-2, -1, -1.1), [1])).toBe(2); // -1 * 1.2 = -1.2 < -1.1
    expect(choose(Float32Array.of(1, 2), [1, 1, 1])).toBe(1); // once per token, not per time made
  });

  it('round-trips half floats, with subnormals, infinities and rounding to nearest', () => {
    const values = Float32Array.of(0, 1, -2.5, 65504, 1e-5, 6e-8, 1e6, -1e6, 0.1);
    const back = fromHalf(toHalf(values));
    expect(Array.from(back.slice(0, 4))).toEqual([0, 1, -2.5, 65504]);
    expect(back[4]).toBeCloseTo(1e-5, 7);
    expect(back[5]).toBeCloseTo(5.96e-8, 9);
    expect(back[6]).toBe(Infinity);
    expect(back[7]).toBe(-Infinity);
    expect(Math.abs(back[8]! - 0.1)).toBeLessThan(0.1 / 1024);
  });
});
