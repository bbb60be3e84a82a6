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
 * from 0.55 moves the spectral envelope up (F2 and F3 by the shaper's formant tracker, their
 * geometric mean over m001's on two sentences): 0.50 1.04-1.07, 0.48 1.06-1.11, 0.45 1.14-1.18.
 * Against two real women of the held-out speech (speech_orig_16k, ALSA's channel names) dubbed
 * into Japanese, 0.45 put the dub's formants 15-18 % above theirs where SVOX Pico's woman (their Spanish dubs) sits
 * 0-11 % above them and m001 itself 2-4 % either side: 0.48 moves him as far as a woman's voice
 * sits from them. Eight half-tones up (its `pitchScale`) put its natural F0 at 185 Hz, a woman's.
 */
const M001_AS_A_WOMAN: OpenJtalkVoiceSettings = { htsVoice: M001, allPass: 0.48 };

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
    name: 'Open JTalk NIT m001 as a woman (all-pass 0.48)',
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
