import type { CataloguedVoice } from '../command-voice/catalogued-voice.js';

const DATABASES = '/usr/share/mbrola';
const ESPEAK_VOICES = '/usr/lib/x86_64-linux-gnu/espeak-ng-data/voices/mb';

/**
 * What every MBROLA database's licence allows: use for non-commercial, non-military purposes,
 * and no sale of the database or of a product that includes it without the author's permission.
 */
export const MBROLA_LICENCE = 'MBROLA database licence: non-commercial use only';

/**
 * The MBROLA diphone voices used here (Debian `mbrola-<id>`, contrib), all men: French,
 * German, Spanish and Italian men otherwise get a woman's voice set to their pitch (SVOX Pico),
 * and Greek otherwise only eSpeak NG. These five have no missing diphones on everyday text;
 * us2 speaks English less clearly than RHVoice and Flite (WER 22 % against 5-18 % in the
 * research note) and is listed so that an English man can still be given it by hand.
 */
export const MBROLA_VOICES: readonly CataloguedVoice[] = [
  voice('fr1', 'MBROLA FR1', 'fra'),
  voice('de2', 'MBROLA DE2', 'deu'),
  voice('es2', 'MBROLA ES2', 'spa'),
  voice('it3', 'MBROLA IT3', 'ita'),
  voice('gr2', 'MBROLA GR2', 'ell'),
  voice('us2', 'MBROLA US2', 'eng'),
];

/** The Debian packages the voices above come in, with the programs that speak them. */
export const MBROLA_PACKAGES: readonly string[] = [
  'espeak-ng',
  'mbrola',
  ...MBROLA_VOICES.map((v) => `mbrola-${v.id}`),
];

/** Where a voice's diphone database is. */
export function databaseOf(voice: CataloguedVoice): string {
  return `${DATABASES}/${voice.id}/${voice.id}`;
}

function voice(id: string, name: string, language: CataloguedVoice['language']): CataloguedVoice {
  return {
    id,
    name,
    language,
    gender: 'male',
    licence: MBROLA_LICENCE,
    nonCommercial: true,
    files: [`${DATABASES}/${id}/${id}`, `${ESPEAK_VOICES}/mb-${id}`],
  };
}
