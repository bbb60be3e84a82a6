import type { CataloguedVoice } from '../command-voice/catalogued-voice.js';

export const NAIST_JDIC = '/var/lib/mecab/dic/open-jtalk/naist-jdic';
const M001 = '/usr/share/hts-voice/nitech-jp-atr503-m001/nitech_jp_atr503_m001.htsvoice';

/** How Open JTalk is set for one of its voices. */
export interface OpenJtalkVoiceSettings {
  /** The HTS voice file. */
  htsVoice: string;
  /** The all-pass constant (`-a`): below the voice's own (0.55 at 48 kHz) its formants rise. */
  allPass?: number;
}

/**
 * m001 as a woman: Debian has only a man's voice for Open JTalk, and raising his pitch alone gave
 * a woman's lines a man's vocal tract (a high man, not a woman). The all-pass constant lowered
 * from 0.55 to 0.45 moves the spectral envelope up: measured with the shaper's formant tracker on
 * the same sentence, F2 and F3 rise 6 % and 21 % (their geometric mean 1.13), the ratio between
 * RHVoice's women (slt, clb) and men (bdl, alan) on an English sentence under the same measure
 * (1.14); 0.42 rose 1.18 and 0.40 1.22, past it. Eight half-tones up (its `pitchScale`) put its
 * natural F0 at 185 Hz, a woman's.
 */
const M001_AS_A_WOMAN: OpenJtalkVoiceSettings = { htsVoice: M001, allPass: 0.45 };

/**
 * Open JTalk's voice in Debian (`hts-voice-nitech-jp-atr503-m001`, contrib: CC BY 3.0, Nagoya
 * Institute of Technology), a man's, and the same voice set as a woman's (above); it reads kanji
 * itself with the NAIST dictionary (`open-jtalk-mecab-naist-jdic`, BSD-3-Clause).
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
  {
    id: 'nitech-m001-woman',
    name: 'Open JTalk NIT m001 as a woman (all-pass 0.45)',
    language: 'jpn',
    gender: 'female',
    licence: 'CC-BY-3.0',
    pitchScale: 2 ** (8 / 12),
    files: [M001, `${NAIST_JDIC}/sys.dic`],
  },
];

/** How each voice is set. */
export const OPEN_JTALK_SETTINGS: Readonly<Record<string, OpenJtalkVoiceSettings>> = {
  'nitech-m001': { htsVoice: M001 },
  'nitech-m001-woman': M001_AS_A_WOMAN,
};
