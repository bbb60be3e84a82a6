import type { LanguageCode } from '../languages.js';

/**
 * How much a viewer can read, from the broadcasters' style guides (Netflix's per-language
 * timed-text guides, the BBC's): at most two lines; 42 characters a line in Latin, Greek and
 * Cyrillic scripts; 16 full-width characters for Chinese and Korean; 13 for Japanese (Netflix's
 * Japanese guide); 5/6 s to 7 s on screen; a reading speed of 17 characters a second in
 * alphabetic scripts (9 for Chinese, 12 for Korean, 7 for Japanese, counting characters).
 */
export interface CueRules {
  maxLineChars: number;
  maxLines: number;
  minSeconds: number;
  maxSeconds: number;
  maxCharsPerSecond: number;
  /** Written without spaces between words: words are found by `Intl.Segmenter` (`locale`). */
  unspaced: boolean;
  /** The locale for word boundaries, and for the break rules of its script. */
  locale: string;
}

const SPACED: Omit<CueRules, 'locale'> = {
  maxLineChars: 42,
  maxLines: 2,
  minSeconds: 5 / 6,
  maxSeconds: 7,
  maxCharsPerSecond: 17,
  unspaced: false,
};

const BY_LANGUAGE: Record<LanguageCode, Partial<CueRules> & { locale: string }> = {
  eng: { locale: 'en' },
  fra: { locale: 'fr' },
  spa: { locale: 'es' },
  deu: { locale: 'de' },
  ita: { locale: 'it' },
  rus: { locale: 'ru' },
  ell: { locale: 'el' },
  kor: { locale: 'ko', maxLineChars: 16, maxCharsPerSecond: 12 },
  cmn: { locale: 'zh-Hans', maxLineChars: 16, maxCharsPerSecond: 9, unspaced: true },
  yue: { locale: 'zh-Hant', maxLineChars: 16, maxCharsPerSecond: 9, unspaced: true },
  jpn: { locale: 'ja', maxLineChars: 13, maxCharsPerSecond: 7, unspaced: true },
};

export function cueRulesFor(language: LanguageCode): CueRules {
  return { ...SPACED, ...BY_LANGUAGE[language] };
}
