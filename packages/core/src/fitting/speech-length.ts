import type { LanguageCode } from '../languages.js';

/**
 * Spoken characters (letters, kana, hanzi, hangul; no spaces or punctuation) per second, measured
 * with the eSpeak NG voices on 41 sentences of the MT development data per language (yue taken
 * as cmn). Neural voices speak at a similar pace; this is only to tell when a line will not fit.
 */
export const CHARACTERS_PER_SECOND: Readonly<Record<LanguageCode, number>> = {
  eng: 14.0,
  deu: 15.0,
  fra: 16.8,
  spa: 14.3,
  ita: 14.5,
  rus: 15.7,
  ell: 14.6,
  jpn: 5.1,
  kor: 5.2,
  cmn: 3.9,
  yue: 3.9,
};

/** How long a line of text will take to say, roughly (seconds at the normal pace). */
export function estimateSpeechSeconds(text: string, language: LanguageCode): number {
  return [...text.replace(/[\s\p{P}\p{S}]/gu, '')].length / CHARACTERS_PER_SECOND[language];
}
