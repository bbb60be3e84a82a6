import type { LanguageCode } from '@voxlate/core';

/** NLLB-200's FLORES-200 code per Voxlate language (Cantonese is its own: yue_Hant). */
export const FLORES_CODES: Readonly<Record<LanguageCode, string>> = {
  eng: 'eng_Latn',
  cmn: 'zho_Hans',
  yue: 'yue_Hant',
  jpn: 'jpn_Jpan',
  kor: 'kor_Hang',
  fra: 'fra_Latn',
  spa: 'spa_Latn',
  deu: 'deu_Latn',
  ita: 'ita_Latn',
  rus: 'rus_Cyrl',
  ell: 'ell_Grek',
};
