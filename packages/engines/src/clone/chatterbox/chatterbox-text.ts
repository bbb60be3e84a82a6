import { readFile } from 'node:fs/promises';
import type { LanguageCode } from '@voxlate/core';
import { JapaneseReading, katakanaToHiragana } from '../../tts/espeak/japanese-reading.js';

/** The language tags Chatterbox Multilingual was trained with, for the targets it speaks. */
export const CHATTERBOX_LANGUAGES: Readonly<Partial<Record<LanguageCode, string>>> = {
  eng: 'en',
  fra: 'fr',
  spa: 'es',
  deu: 'de',
  ita: 'it',
  rus: 'ru',
  ell: 'el',
  cmn: 'zh',
  jpn: 'ja',
  kor: 'ko',
};

const KANJI = /[\u4e00-\u9fff]/u;
const HANGUL_SYLLABLES = /[\uac00-\ud7a3]/gu;

/**
 * The text as Chatterbox Multilingual's tokenizer was trained to read it (its MTLTokenizer):
 * lower case, NFKD; Chinese as Cangjie codes (`[cj_o][cj_n][cj_f][cj_.]` per character), words
 * apart; Japanese kanji as hiragana; Korean syllables as jamo; then `[fr]` before it and `[SPACE]`
 * for each space. Russian is read without the stress marks the Python version adds when its
 * stress library is installed (none exists for Node); the model reads unstressed Russian too.
 */
export class ChatterboxText {
  private cangjie: Promise<Map<string, string>> | undefined;
  private japanese: Promise<JapaneseReading> | undefined;

  constructor(private readonly cangjiePath: string) {}

  async prepare(text: string, language: LanguageCode): Promise<string> {
    const tag = CHATTERBOX_LANGUAGES[language];
    if (!tag) throw new Error(`Chatterbox Multilingual does not speak ${language}.`);
    let prepared = text.toLowerCase().normalize('NFKD');
    if (tag === 'zh') prepared = toCangjie(prepared, await this.cangjieCodes());
    if (tag === 'ja') prepared = kanjiToHiragana(prepared, await this.japaneseReading()).normalize('NFKD');
    if (tag === 'ko') prepared = toJamo(prepared).trim();
    return `[${tag}]${prepared}`.replaceAll(' ', '[SPACE]');
  }

  private cangjieCodes(): Promise<Map<string, string>> {
    this.cangjie ??= readCangjieTable(this.cangjiePath);
    return this.cangjie;
  }

  private japaneseReading(): Promise<JapaneseReading> {
    this.japanese ??= JapaneseReading.create();
    return this.japanese;
  }
}

/**
 * Cangjie5_TC.json: entries "字\tcode". A code several characters share gets the character's
 * place among them after it ("a", "a1", ...), as the tokenizer was trained; a character listed
 * twice takes its last code, as the Python reader does.
 */
export async function readCangjieTable(path: string): Promise<Map<string, string>> {
  const entries = JSON.parse(await readFile(path, 'utf8')) as string[];
  const glyphsOfCode = new Map<string, string[]>();
  const codeOfGlyph = new Map<string, string>();
  for (const entry of entries) {
    const [glyph, code] = entry.split('\t');
    if (!glyph || !code) continue;
    codeOfGlyph.set(glyph, code);
    glyphsOfCode.set(code, [...(glyphsOfCode.get(code) ?? []), glyph]);
  }
  const codes = new Map<string, string>();
  for (const [glyph, code] of codeOfGlyph) {
    const place = glyphsOfCode.get(code)!.indexOf(glyph);
    codes.set(glyph, place > 0 ? `${code}${place}` : code);
  }
  return codes;
}

/** Words apart (the model was trained on segmented text), each Han character as its Cangjie code tokens. */
export function toCangjie(text: string, codes: ReadonlyMap<string, string>): string {
  const words = [...new Intl.Segmenter('zh', { granularity: 'word' }).segment(text)].map((part) => part.segment);
  const spaced = words.join(' ').replace(/ {2,}/g, ' ');
  return [...spaced]
    .map((glyph) => {
      const code = /\p{Lo}/u.test(glyph) ? codes.get(glyph) : undefined;
      return code ? `${[...code].map((letter) => `[cj_${letter}]`).join('')}[cj_.]` : glyph;
    })
    .join('');
}

/** Words with kanji read as hiragana (a reading starting with は or へ spaced off); kana and the rest as written. */
function kanjiToHiragana(text: string, reading: JapaneseReading): string {
  return reading
    .words(text)
    .map(({ surface, kana }) => {
      if (!KANJI.test(surface) || !kana) return surface;
      const hiragana = katakanaToHiragana(kana);
      return hiragana.startsWith('は') || hiragana.startsWith('へ') ? ` ${hiragana}` : hiragana;
    })
    .join('');
}

/** Hangul syllables as their leading consonant, vowel and final consonant jamo. */
export function toJamo(text: string): string {
  return text.replace(HANGUL_SYLLABLES, (syllable) => {
    const base = syllable.charCodeAt(0) - 0xac00;
    const final = base % 28;
    return (
      String.fromCharCode(0x1100 + Math.floor(base / (21 * 28))) +
      String.fromCharCode(0x1161 + Math.floor((base % (21 * 28)) / 28)) +
      (final > 0 ? String.fromCharCode(0x11a7 + final) : '')
    );
  });
}
