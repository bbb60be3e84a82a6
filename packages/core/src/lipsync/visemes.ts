import type { PhonemeTiming } from '../timeline.js';

/**
 * The 15 visemes of Meta's lip-sync reference (Oculus OVRLipSync "Viseme Reference",
 * developers.meta.com/horizon/documentation/unity/audio-ovrlipsync-viseme-reference; the same set as
 * Khronos `XR_META_face_tracking_visemes`), each with the IPA sounds it stands for there.
 */
export const VISEMES = [
  'sil',
  'PP',
  'FF',
  'TH',
  'DD',
  'kk',
  'CH',
  'SS',
  'nn',
  'RR',
  'aa',
  'E',
  'ih',
  'oh',
  'ou',
] as const;
export type Viseme = (typeof VISEMES)[number];

/** A mouth shape, each 0-1: how open, how wide (corners apart), how rounded (lips pushed out). */
export interface MouthShape {
  openness: number;
  width: number;
  rounding: number;
}

/** What each viseme looks like: the reference's pictures, as the three measures landmarks give. */
export const VISEME_SHAPES: Readonly<Record<Viseme, MouthShape>> = {
  sil: { openness: 0, width: 0.5, rounding: 0 },
  PP: { openness: 0, width: 0.45, rounding: 0.1 }, // lips pressed: p b m
  FF: { openness: 0.1, width: 0.5, rounding: 0 }, // lower lip on the teeth: f v
  TH: { openness: 0.2, width: 0.5, rounding: 0 }, // tongue between the teeth: θ ð
  DD: { openness: 0.3, width: 0.5, rounding: 0 }, // t d
  kk: { openness: 0.35, width: 0.5, rounding: 0 }, // k g ŋ
  CH: { openness: 0.25, width: 0.35, rounding: 0.6 }, // tʃ dʒ ʃ ʒ
  SS: { openness: 0.15, width: 0.6, rounding: 0 }, // s z
  nn: { openness: 0.25, width: 0.5, rounding: 0 }, // n l
  RR: { openness: 0.25, width: 0.4, rounding: 0.5 }, // r ɹ
  aa: { openness: 1, width: 0.55, rounding: 0 }, // a ɑ
  E: { openness: 0.6, width: 0.7, rounding: 0 }, // e ɛ
  ih: { openness: 0.4, width: 0.75, rounding: 0 }, // i ɪ
  oh: { openness: 0.7, width: 0.3, rounding: 0.8 }, // o ɔ
  ou: { openness: 0.35, width: 0.2, rounding: 1 }, // u ʊ w
};

/**
 * eSpeak NG's phoneme mnemonics (the names its phoneme events carry) by the IPA sound they
 * write, mapped through the reference's table. Longer mnemonics are tried first ("tS" before
 * "t"); a diphthong takes its first vowel's shape. Schwa-like vowels (@, 3) take E's half-open
 * shape and ʌ (V) takes aa's, as the reference pictures them. `h` and stress or length marks have
 * no shape of their own: they take their neighbours'.
 */
const MNEMONICS: readonly [string, Viseme][] = [
  ['tS', 'CH'],
  ['dZ', 'CH'],
  ['ts', 'SS'],
  ['dz', 'SS'],
  ['p', 'PP'],
  ['b', 'PP'],
  ['m', 'PP'],
  ['f', 'FF'],
  ['v', 'FF'],
  ['T', 'TH'],
  ['D', 'TH'],
  ['t', 'DD'],
  ['d', 'DD'],
  ['k', 'kk'],
  ['g', 'kk'],
  ['N', 'kk'],
  ['x', 'kk'],
  ['Q', 'kk'],
  ['S', 'CH'],
  ['Z', 'CH'],
  ['C', 'CH'],
  ['s', 'SS'],
  ['z', 'SS'],
  ['n', 'nn'],
  ['l', 'nn'],
  ['L', 'nn'],
  ['J', 'nn'],
  ['r', 'RR'],
  ['R', 'RR'],
  ['a', 'aa'],
  ['A', 'aa'],
  ['V', 'aa'],
  ['&', 'aa'],
  ['E', 'E'],
  ['e', 'E'],
  ['@', 'E'],
  ['3', 'E'],
  ['i', 'ih'],
  ['I', 'ih'],
  ['y', 'ou'],
  ['j', 'ih'],
  ['o', 'oh'],
  ['O', 'oh'],
  ['0', 'oh'],
  ['u', 'ou'],
  ['U', 'ou'],
  ['w', 'ou'],
  ['Y', 'ou'],
];

/**
 * IPA symbols, as eSpeak NG's phoneme events give them for most languages, by the same
 * reference (its table is keyed by IPA). Affricates first; the Latin letters shared with the
 * mnemonics (p, a, s...) are found in MNEMONICS. A bilabial approximant (β, Spanish "b" between
 * vowels) brings the lips near but not together: FF's shape, not a closure.
 */
const IPA: readonly [string, Viseme][] = [
  ['tʃ', 'CH'],
  ['dʒ', 'CH'],
  ['tɕ', 'CH'],
  ['dʑ', 'CH'],
  ['ʃ', 'CH'],
  ['ʒ', 'CH'],
  ['ɕ', 'CH'],
  ['ʑ', 'CH'],
  ['ʂ', 'CH'],
  ['ʐ', 'CH'],
  ['ç', 'CH'],
  ['ɱ', 'FF'],
  ['β', 'FF'],
  ['ʋ', 'FF'],
  ['θ', 'TH'],
  ['ð', 'TH'],
  ['ɾ', 'DD'],
  ['ʈ', 'DD'],
  ['ɖ', 'DD'],
  ['ŋ', 'kk'],
  ['ɡ', 'kk'],
  ['ɣ', 'kk'],
  ['χ', 'kk'],
  ['ɟ', 'kk'],
  ['ɲ', 'nn'],
  ['ʎ', 'nn'],
  ['ɫ', 'nn'],
  ['ɳ', 'nn'],
  ['ɹ', 'RR'],
  ['ʁ', 'RR'],
  ['ʀ', 'RR'],
  ['ɻ', 'RR'],
  ['ɽ', 'RR'],
  ['ɑ', 'aa'],
  ['ɐ', 'aa'],
  ['ʌ', 'aa'],
  ['æ', 'aa'],
  ['ɛ', 'E'],
  ['ə', 'E'],
  ['ɜ', 'E'],
  ['ɘ', 'E'],
  ['ɪ', 'ih'],
  ['ɨ', 'ih'],
  ['ʝ', 'ih'],
  ['ɔ', 'oh'],
  ['ɒ', 'oh'],
  ['ø', 'oh'],
  ['œ', 'oh'],
  ['ɵ', 'oh'],
  ['ʊ', 'ou'],
  ['ʉ', 'ou'],
  ['ɯ', 'ou'],
  ['ɥ', 'ou'],
];

/** Stress, length and syllable marks (IPA's and eSpeak's) and tie bars: not sounds of their own. */
const MARKS = /[ˈˌːˑ'",%=]|\u0361|\u035c/g;

/**
 * The viseme of one eSpeak phoneme, given as IPA or as a mnemonic; 'sil' for a pause (eSpeak
 * reports pauses as phonemes with no name, "_" here); undefined for a sound with no shape of
 * its own (h, a glottal stop), which takes its neighbours'.
 */
export function visemeOf(phoneme: string): Viseme | undefined {
  const name = phoneme.replace(MARKS, '');
  if (name === '' || name.startsWith('_')) return 'sil';
  for (const [symbol, viseme] of IPA) if (name.startsWith(symbol)) return viseme;
  for (const [mnemonic, viseme] of MNEMONICS) if (name.startsWith(mnemonic)) return viseme;
  return undefined;
}

/**
 * The viseme wanted at each of the given times (seconds from the line's start): the phoneme
 * sounding then, a shapeless one taking the nearest shaped neighbour's, and silence outside
 * the speech.
 */
export function visemesAt(phonemes: readonly PhonemeTiming[], times: readonly number[]): Viseme[] {
  const shaped = phonemes.map((p) => ({ ...p, viseme: visemeOf(p.phoneme) }));
  return times.map((time) => {
    const index = shaped.findIndex((p) => time >= p.start && time < p.end);
    if (index < 0) return 'sil';
    for (let step = 0; step < shaped.length; step++) {
      const viseme = shaped[index - step]?.viseme ?? shaped[index + step]?.viseme;
      if (viseme) return viseme;
    }
    return 'sil';
  });
}
