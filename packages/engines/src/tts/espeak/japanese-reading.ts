import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import kuromoji from 'kuromoji';

const KATAKANA = /[\u30a1-\u30f6]/g;

/**
 * eSpeak reads kana but not kanji (they come out as "Chinese letter"), so Japanese text is
 * turned into hiragana with kuromoji's dictionary first. Building the analyser takes
 * seconds, so the synthesiser keeps one warm while Japanese is being dubbed.
 */
export class JapaneseReading {
  private constructor(private readonly tokenizer: kuromoji.Tokenizer) {}

  static create(): Promise<JapaneseReading> {
    const dicPath = join(dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');
    return new Promise((resolve, reject) => {
      kuromoji.builder({ dicPath }).build((error, tokenizer) => {
        if (error) reject(error);
        else resolve(new JapaneseReading(tokenizer));
      });
    });
  }

  /** The words of a Japanese text with their readings in katakana (none where the dictionary has none). */
  words(text: string): { surface: string; kana: string | undefined }[] {
    return this.tokenizer.tokenize(text).map((token) => ({
      surface: token.surface_form,
      kana: token.reading && token.reading !== '*' ? token.reading : undefined,
    }));
  }

  /** "今日は良い天気です" -> "きょうはよいてんきです"; words without a reading stay as written. */
  toKana(text: string): string {
    return this.tokenizer
      .tokenize(text)
      .map((token) => katakanaToHiragana(token.reading && token.reading !== '*' ? token.reading : token.surface_form))
      .join('');
  }
}

export function katakanaToHiragana(text: string): string {
  return text.replace(KATAKANA, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60));
}
