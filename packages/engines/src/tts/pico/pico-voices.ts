import type { CataloguedVoice } from '../command-voice/catalogued-voice.js';

const LANG_DIR = '/usr/share/pico/lang';

/**
 * SVOX Pico's voices (Debian `libttspico-data`, non-free: Apache-2.0 as stated, the data shipped
 * without its sources, redistributable). One female voice per language. Each needs its text
 * analysis file (`_ta`) and its signal generation file (`_sg`).
 */
export const PICO_VOICES: readonly CataloguedVoice[] = [
  voice('en-US', 'lh0', 'SVOX Pico US English', 'eng'),
  voice('fr-FR', 'nk0', 'SVOX Pico French', 'fra'),
  voice('es-ES', 'zl0', 'SVOX Pico Spanish', 'spa'),
  voice('de-DE', 'gl0', 'SVOX Pico German', 'deu'),
  voice('it-IT', 'cm0', 'SVOX Pico Italian', 'ita'),
];

function voice(id: string, speaker: string, name: string, language: CataloguedVoice['language']): CataloguedVoice {
  return {
    id,
    name,
    language,
    gender: 'female',
    licence: 'Apache-2.0',
    files: [`${LANG_DIR}/${id}_ta.bin`, `${LANG_DIR}/${id}_${speaker}_sg.bin`],
  };
}
