import type { LanguageCode } from '../languages.js';

/**
 * How much a viewer can read: the common broadcast rules (the BBC's and Netflix's style guides
 * agree on these figures): at most 42 characters a line in Latin, Greek and Cyrillic scripts,
 * 16 in Chinese and Japanese (which count each character), two lines, 1 to 7 seconds a cue,
 * and a reading speed of 17 characters a second (CJK much lower).
 */
export interface CueRules {
  maxLineChars: number;
  maxLines: number;
  minSeconds: number;
  maxSeconds: number;
  maxCharsPerSecond: number;
  /** Written without spaces between words: lines may break between any two characters. */
  unspaced: boolean;
}

const SPACED: CueRules = {
  maxLineChars: 42,
  maxLines: 2,
  minSeconds: 1,
  maxSeconds: 7,
  maxCharsPerSecond: 17,
  unspaced: false,
};

const BY_LANGUAGE: Partial<Record<LanguageCode, Partial<CueRules>>> = {
  cmn: { maxLineChars: 16, maxCharsPerSecond: 9, unspaced: true },
  yue: { maxLineChars: 16, maxCharsPerSecond: 9, unspaced: true },
  jpn: { maxLineChars: 16, maxCharsPerSecond: 7, unspaced: true },
  kor: { maxLineChars: 18, maxCharsPerSecond: 12 },
};

export function cueRulesFor(language: LanguageCode): CueRules {
  return { ...SPACED, ...BY_LANGUAGE[language] };
}
