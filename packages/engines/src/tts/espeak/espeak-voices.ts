import type { LanguageCode } from '@voxlate/core';

/**
 * eSpeak NG voice per language. Chinese needs the right voice: `cmn` reads Hanzi as
 * Mandarin and `yue` reads them as Cantonese with its own tones (nei5 hou2), where `zh`
 * or an English voice would read them as Mandarin or spell out "Chinese letter".
 */
export const ESPEAK_VOICES: Readonly<Record<LanguageCode, string>> = {
  eng: 'en-us',
  cmn: 'cmn',
  yue: 'yue',
  jpn: 'ja',
  kor: 'ko',
  fra: 'fr',
  spa: 'es',
  deu: 'de',
  ita: 'it',
  rus: 'ru',
  ell: 'el',
};
