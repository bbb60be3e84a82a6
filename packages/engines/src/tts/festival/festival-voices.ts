import type { CataloguedVoice } from '../command-voice/catalogued-voice.js';

const ITALIAN = '/usr/share/festival/voices/italian';

/**
 * Festival's Italian diphone voices (Debian `festvox-itapc16k`, a man, and `festvox-italp16k`, a
 * woman, with the `festlex-ifd` lexicon: GPL-2.0-or-later, the Italian FESTIVAL Modules of
 * ISTC-CNR and ITC-irst). Festival is kept for Italian: its English voices are below RHVoice's and
 * Flite's, and its Russian voice is a 242 MB package for one man.
 */
export const FESTIVAL_VOICES: readonly CataloguedVoice[] = [
  {
    id: 'pc_diphone',
    name: 'Festival Italian PC',
    language: 'ita',
    gender: 'male',
    licence: 'GPL-2.0-or-later',
    // Diphone voices keep the pitch Festival's intonation model gives them: PSOLA sets it.
    fixedPitch: true,
    files: [`${ITALIAN}/pc_diphone/festvox/pc_diphone.scm`],
  },
  {
    id: 'lp_diphone',
    name: 'Festival Italian LP',
    language: 'ita',
    gender: 'female',
    licence: 'GPL-2.0-or-later',
    fixedPitch: true,
    files: [`${ITALIAN}/lp_diphone/festvox/lp_diphone.scm`],
  },
];
