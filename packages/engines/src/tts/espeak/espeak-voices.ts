import { LANGUAGE_CODES, toolCode, type LanguageCode } from '@voxlate/core';

/**
 * eSpeak NG voice per language: its ISO 639-1 name, but for US English and for Chinese, which
 * needs the right voice: `cmn` reads Hanzi as Mandarin and `yue` reads them as Cantonese with
 * its own tones (nei5 hou2), where `zh` or an English voice would read them as Mandarin or spell
 * out "Chinese letter".
 */
const OWN_NAMES: Partial<Record<LanguageCode, string>> = { eng: 'en-us', cmn: 'cmn', yue: 'yue' };

export const ESPEAK_VOICES: Readonly<Record<LanguageCode, string>> = Object.fromEntries(
  LANGUAGE_CODES.map((language) => [language, OWN_NAMES[language] ?? toolCode(language)]),
) as Record<LanguageCode, string>;
