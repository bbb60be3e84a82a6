import { LANGUAGES, LANGUAGE_CODES, type LanguageCode, type LanguageInfo } from '@voxlate/contract';

/** The 11 target languages with flag and name, as the dropdown lists them. */
export const TARGET_LANGUAGES: readonly LanguageInfo[] = LANGUAGE_CODES.map((code) => LANGUAGES[code]);

export function languageInfo(code: string): LanguageInfo | undefined {
  return (LANGUAGE_CODES as readonly string[]).includes(code) ? LANGUAGES[code as LanguageCode] : undefined;
}
