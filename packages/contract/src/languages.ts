/** The 11 languages Voxlate dubs between, keyed by ISO 639-3 code (spec section 3). */
export const LANGUAGE_CODES = ['eng', 'cmn', 'yue', 'jpn', 'kor', 'fra', 'spa', 'deu', 'ita', 'rus', 'ell'] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** A source language, or 'auto' to have it detected from the speech. */
export type SourceLanguage = LanguageCode | 'auto';

/** How much of a language a viewer can read from subtitles (see `subtitles` below). */
export interface SubtitleLimits {
  /** Characters a line (full-width ones for Chinese, Japanese and Korean). */
  maxLineChars: number;
  /** Reading speed, characters a second. */
  maxCharsPerSecond: number;
}

/** What the product knows of a language: its names and codes, its writing, its subtitle limits. */
export interface LanguageInfo {
  /** ISO 639-3: the code on the wire and in file names (`talk.spa.mp4`). */
  code: LanguageCode;
  name: string;
  flag: string;
  /**
   * ISO 639-1, the code most tools and models use; Cantonese has none ('zh' is the whole
   * Chinese macrolanguage, which would make it Mandarin), so tools that know it call it 'yue'.
   */
  iso639_1: string | null;
  /** ISO 15924 script of its usual writing. */
  script: 'Latn' | 'Cyrl' | 'Grek' | 'Hans' | 'Hant' | 'Jpan' | 'Kore';
  /** BCP 47 tag for its text: word boundaries, line breaks, sorting. */
  locale: string;
  /** Written without spaces between words (Chinese, Japanese): words are found by `Intl.Segmenter` (`locale`). */
  unspaced: boolean;
  /**
   * From the broadcasters' style guides (Netflix's per-language timed-text guides, the BBC's):
   * 42 characters a line in Latin, Greek and Cyrillic scripts at 17 a second; 16 full-width
   * characters for Chinese and Korean (9 and 12 a second); 13 for Japanese (Netflix's Japanese
   * guide, 7 a second).
   */
  subtitles: SubtitleLimits;
}

const ALPHABETIC: SubtitleLimits = { maxLineChars: 42, maxCharsPerSecond: 17 };

export const LANGUAGES: Readonly<Record<LanguageCode, LanguageInfo>> = {
  eng: {
    code: 'eng',
    name: 'English',
    flag: '🇺🇸',
    iso639_1: 'en',
    script: 'Latn',
    locale: 'en',
    unspaced: false,
    subtitles: ALPHABETIC,
  },
  cmn: {
    code: 'cmn',
    name: 'Chinese (Mandarin)',
    flag: '🇨🇳',
    iso639_1: 'zh',
    script: 'Hans',
    locale: 'zh-Hans',
    unspaced: true,
    subtitles: { maxLineChars: 16, maxCharsPerSecond: 9 },
  },
  yue: {
    code: 'yue',
    name: 'Cantonese',
    flag: '🇭🇰',
    iso639_1: null,
    script: 'Hant',
    locale: 'zh-Hant',
    unspaced: true,
    subtitles: { maxLineChars: 16, maxCharsPerSecond: 9 },
  },
  jpn: {
    code: 'jpn',
    name: 'Japanese',
    flag: '🇯🇵',
    iso639_1: 'ja',
    script: 'Jpan',
    locale: 'ja',
    unspaced: true,
    subtitles: { maxLineChars: 13, maxCharsPerSecond: 7 },
  },
  kor: {
    code: 'kor',
    name: 'Korean',
    flag: '🇰🇷',
    iso639_1: 'ko',
    script: 'Kore',
    locale: 'ko',
    unspaced: false,
    subtitles: { maxLineChars: 16, maxCharsPerSecond: 12 },
  },
  fra: {
    code: 'fra',
    name: 'French',
    flag: '🇫🇷',
    iso639_1: 'fr',
    script: 'Latn',
    locale: 'fr',
    unspaced: false,
    subtitles: ALPHABETIC,
  },
  spa: {
    code: 'spa',
    name: 'Spanish',
    flag: '🇪🇸',
    iso639_1: 'es',
    script: 'Latn',
    locale: 'es',
    unspaced: false,
    subtitles: ALPHABETIC,
  },
  deu: {
    code: 'deu',
    name: 'German',
    flag: '🇩🇪',
    iso639_1: 'de',
    script: 'Latn',
    locale: 'de',
    unspaced: false,
    subtitles: ALPHABETIC,
  },
  ita: {
    code: 'ita',
    name: 'Italian',
    flag: '🇮🇹',
    iso639_1: 'it',
    script: 'Latn',
    locale: 'it',
    unspaced: false,
    subtitles: ALPHABETIC,
  },
  rus: {
    code: 'rus',
    name: 'Russian',
    flag: '🇷🇺',
    iso639_1: 'ru',
    script: 'Cyrl',
    locale: 'ru',
    unspaced: false,
    subtitles: ALPHABETIC,
  },
  ell: {
    code: 'ell',
    name: 'Greek',
    flag: '🇬🇷',
    iso639_1: 'el',
    script: 'Grek',
    locale: 'el',
    unspaced: false,
    subtitles: ALPHABETIC,
  },
};

export function isLanguageCode(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The code tools that know Cantonese use for a language: ISO 639-1, or 'yue' for Cantonese. */
export function toolCode(language: LanguageCode): string {
  return LANGUAGES[language].iso639_1 ?? language;
}
