import { LANGUAGES, type LanguageCode } from '../languages.js';

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

/** What every language shares; the line length and reading speed are the language's own. */
const SHARED = { maxLines: 2, minSeconds: 5 / 6, maxSeconds: 7 };

export function cueRulesFor(language: LanguageCode): CueRules {
  const { subtitles, locale, unspaced } = LANGUAGES[language];
  return { ...SHARED, ...subtitles, unspaced, locale };
}
