import type { CataloguedVoice } from '../command-voice/catalogued-voice.js';

export const NAIST_JDIC = '/var/lib/mecab/dic/open-jtalk/naist-jdic';
const M001 = '/usr/share/hts-voice/nitech-jp-atr503-m001/nitech_jp_atr503_m001.htsvoice';

/**
 * Open JTalk's voice in Debian (`hts-voice-nitech-jp-atr503-m001`, contrib: CC BY 3.0, Nagoya
 * Institute of Technology), a man's; it reads kanji itself with the NAIST dictionary
 * (`open-jtalk-mecab-naist-jdic`, BSD-3-Clause). Debian has no woman's voice for it.
 */
export const OPEN_JTALK_VOICES: readonly CataloguedVoice[] = [
  {
    id: 'nitech-m001',
    name: 'Open JTalk NIT m001',
    language: 'jpn',
    gender: 'male',
    licence: 'CC-BY-3.0',
    files: [M001, `${NAIST_JDIC}/sys.dic`],
  },
];

/** Where each voice's HTS file is. */
export const HTS_VOICE_FILES: Readonly<Record<string, string>> = { 'nitech-m001': M001 };
