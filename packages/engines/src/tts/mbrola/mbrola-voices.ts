import { basename } from 'node:path';
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
 * Greek has no other voice but eSpeak NG's, so a Greek woman is given GR2 set as a woman (below).
 */
export const MBROLA_VOICES: readonly CataloguedVoice[] = [
  voice('fr1', 'MBROLA FR1', 'fra'),
  voice('de2', 'MBROLA DE2', 'deu'),
  voice('es2', 'MBROLA ES2', 'spa'),
  voice('it3', 'MBROLA IT3', 'ita'),
  voice('gr2', 'MBROLA GR2', 'ell'),
  asAWoman(voice('gr2', 'MBROLA GR2 as a woman', 'ell')),
  voice('us2', 'MBROLA US2', 'eng'),
];

/** The Debian packages the voices above come in, with the programs that speak them. */
export const MBROLA_PACKAGES: readonly string[] = [
  'espeak-ng',
  'mbrola',
  ...new Set(MBROLA_VOICES.map((v) => `mbrola-${databaseIdOf(v)}`)),
];

/** Where a voice's diphone database is: its first file (a woman made from GR2 speaks with his). */
export function databaseOf(voice: CataloguedVoice): string {
  return voice.files[0]!;
}

/** The database's name ("gr2"), which names its Debian package and eSpeak NG's voice for it ("mb-gr2"). */
export function databaseIdOf(voice: CataloguedVoice): string {
  return basename(databaseOf(voice));
}

/**
 * A man's database set as a woman's: 1.7 times his pitch (GR2's ~110 Hz to ~190 Hz), and his
 * formants 15 % higher, the usual ratio of women's to men's vocal tracts (RHVoice's women to its
 * men measured 1.14 on F2 and F3), by speaking 15 % slower and lower and playing it as much faster.
 */
function asAWoman(man: CataloguedVoice): CataloguedVoice {
  return { ...man, id: `${man.id}-woman`, gender: 'female', pitchScale: 1.7, playedFaster: 1.15 };
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
