/** The 11 languages Voxlate dubs into, keyed by ISO 639-3 code (spec section 3). */
export const LANGUAGE_CODES = ['eng', 'cmn', 'yue', 'jpn', 'kor', 'fra', 'spa', 'deu', 'ita', 'rus', 'ell'] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** A source language, or 'auto' to have it detected from the speech. */
export type SourceLanguage = LanguageCode | 'auto';

export interface LanguageInfo {
  code: LanguageCode;
  name: string;
  flag: string;
}

export const LANGUAGES: Readonly<Record<LanguageCode, LanguageInfo>> = {
  eng: { code: 'eng', name: 'English', flag: '🇺🇸' },
  cmn: { code: 'cmn', name: 'Chinese (Mandarin)', flag: '🇨🇳' },
  yue: { code: 'yue', name: 'Cantonese', flag: '🇭🇰' },
  jpn: { code: 'jpn', name: 'Japanese', flag: '🇯🇵' },
  kor: { code: 'kor', name: 'Korean', flag: '🇰🇷' },
  fra: { code: 'fra', name: 'French', flag: '🇫🇷' },
  spa: { code: 'spa', name: 'Spanish', flag: '🇪🇸' },
  deu: { code: 'deu', name: 'German', flag: '🇩🇪' },
  ita: { code: 'ita', name: 'Italian', flag: '🇮🇹' },
  rus: { code: 'rus', name: 'Russian', flag: '🇷🇺' },
  ell: { code: 'ell', name: 'Greek', flag: '🇬🇷' },
};

export function isLanguageCode(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}
