import { createRequire } from 'node:module';
import { LANGUAGES, type LanguageCode } from '@voxlate/core';
import { Converter } from 'opencc-js';

const require = createRequire(import.meta.url);

/**
 * Published lists of offensive words, one per target language, that a dictionary gloss must
 * never produce (an ordinary English word glossed as "Arschloch" or "雞巴" cannot be published):
 * - "List of Dirty, Naughty, Obscene, and Otherwise Bad Words" (Shutterstock, CC BY 4.0),
 *   npm `naughty-words`: en, de, fr, es, it, ru, ja, ko, zh;
 * - `greek-swearword-filter` (hwahyeon, MIT) for Greek, which the first has no list for.
 * Chinese is matched in both scripts (OpenCC), so Cantonese (Traditional) is covered too.
 * Both lists are found by the language's ISO 639-1 code.
 * The published lists miss words the dictionaries gloss ordinary English with; those found by
 * the gist check over the development sentences and the words with ordinary senses ("cock",
 * "ass", "bitch", "john") are added here, each with the reverse dictionary's own gloss of it.
 */

const SUPPLEMENT: Partial<Record<LanguageCode, readonly string[]>> = {
  // FreeDict ell-eng: ψωλή "cock, dick, pecker, willy"; σκύλα "bitch".
  ell: ['ψωλή', 'σκύλα'],
  // FreeDict jpn-eng: ちんぽ "penis" (colloquialism), あばずれ "a bitch", おかま "(often derog.)
  // male homosexual", 金玉 "testicles" (colloquialism), けつ "ass, arse" (colloquialism).
  jpn: ['ちんぽ', 'チンポ', 'あばずれ', 'おかま', 'オカマ', '金玉', 'きんたま', 'けつ', 'ケツ'],
};

/** Shorter entries (single characters such as 性 or 乳) are only matched as a whole gloss. */
const MIN_INSIDE_LENGTH = 2;

export class OffensiveWords {
  private static readonly loaded = new Map<LanguageCode, OffensiveWords>();
  /** The longest entry, in UTF-16 units (unspaced scripts), and in words (spaced ones). */
  private readonly longest: number;
  private readonly mostWords: number;

  private constructor(
    private readonly language: LanguageCode,
    private readonly words: ReadonlySet<string>,
  ) {
    this.longest = Math.max(0, ...[...words].map((word) => word.length));
    this.mostWords = Math.max(0, ...[...words].map((word) => word.split(' ').length));
  }

  /** The list for a language (empty when no published list covers it), loaded once. */
  static for(language: LanguageCode): OffensiveWords {
    let list = OffensiveWords.loaded.get(language);
    if (!list) {
      list = new OffensiveWords(language, new Set(publishedList(language).map((word) => normalise(word, language))));
      OffensiveWords.loaded.set(language, list);
    }
    return list;
  }

  get size(): number {
    return this.words.size;
  }

  /** True when a gloss is, or contains, a listed word. */
  isOffensive(gloss: string): boolean {
    const text = normalise(gloss, this.language);
    return this.words.has(text) || this.listedIn(text).length > 0;
  }

  /** The listed words found in a text: whole words (or phrases) in spaced scripts, substrings in Chinese and Japanese. */
  findIn(text: string): string[] {
    return this.listedIn(normalise(text, this.language));
  }

  /**
   * Looks the text's pieces up in the set (its substrings, or its runs of whole words) rather
   * than searching the text for every entry: dictionaries are filtered word by word at load
   * (all of CC-CEDICT's 120,000 entries), so this is on the hot path.
   */
  private listedIn(text: string): string[] {
    const found = new Set<string>();
    // Written without spaces: a listed word is found inside a longer string.
    if (LANGUAGES[this.language].unspaced) {
      for (let start = 0; start < text.length; start++) {
        for (let length = MIN_INSIDE_LENGTH; length <= this.longest && start + length <= text.length; length++) {
          const piece = text.slice(start, start + length);
          if (this.words.has(piece) && standsAlone(text, start, piece)) found.add(piece);
        }
      }
      return [...found];
    }
    const tokens = words(text);
    for (let start = 0; start < tokens.length; start++) {
      for (let count = 1; count <= this.mostWords && start + count <= tokens.length; count++) {
        const phrase = tokens.slice(start, start + count).join(' ');
        if (this.words.has(phrase)) found.add(phrase);
      }
    }
    return [...found];
  }
}

function publishedList(language: LanguageCode): string[] {
  return [...listFromPackage(language), ...(SUPPLEMENT[language] ?? [])];
}

function listFromPackage(language: LanguageCode): string[] {
  if (language === 'ell') return require('greek-swearword-filter/src/badwords.config.json') as string[];
  // The lists are named by ISO 639-1; Cantonese is written Chinese (its locale's language, zh).
  const { iso639_1, locale } = LANGUAGES[language];
  const file = iso639_1 ?? locale.split('-')[0]!;
  const list = require(`naughty-words/${file}.json`) as string[];
  return file === 'zh' ? inBothChineseScripts(list) : list;
}

function inBothChineseScripts(list: readonly string[]): string[] {
  const toTraditional = Converter({ from: 'cn', to: 'hk' });
  const toSimplified = Converter({ from: 'hk', to: 'cn' });
  return [...new Set(list.flatMap((word) => [word, toTraditional(word), toSimplified(word)]))];
}

/**
 * Lower case, and for Greek without accents (the Greek list is written without them). Other
 * scripts keep their marks: decomposing Hangul or kana would merge different words.
 */
function normalise(text: string, language: LanguageCode): string {
  const lower = text.normalize('NFC').toLowerCase().trim();
  return language === 'ell' ? lower.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC') : lower;
}

/** Latin and katakana words have edges even in unspaced text: "sm" is not in "smaller", nor グロ in モンテネグロ. */
const RUN_SCRIPTS: readonly RegExp[] = [/^[a-z0-9]+$/, /^[\p{Script=Katakana}ー]+$/u];
const RUN_CHARACTER: readonly RegExp[] = [/[a-z0-9]/, /[\p{Script=Katakana}ー]/u];

/** Whether the word found at `at` is a word there: a Latin or katakana one must not run on into more of its script. */
function standsAlone(text: string, at: number, word: string): boolean {
  const script = RUN_SCRIPTS.findIndex((pattern) => pattern.test(word));
  if (script < 0) return true;
  const sameScript = RUN_CHARACTER[script]!;
  return !sameScript.test(text[at - 1] ?? '') && !sameScript.test(text[at + word.length] ?? '');
}

function words(text: string): string[] {
  return text.split(/[^\p{L}\p{M}\p{N}]+/u).filter((word) => word !== '');
}
