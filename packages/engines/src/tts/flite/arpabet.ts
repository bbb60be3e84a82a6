/**
 * CMU's ARPAbet phones (Flite's segment names) as eSpeak NG's mnemonics, which the lip sync's
 * viseme table and the syllable counter read. Consonants spelt alike in both are not listed.
 */
const ESPEAK_OF: Readonly<Record<string, string>> = {
  pau: '_',
  aa: 'A:',
  ae: 'a',
  ah: 'V',
  ax: '@',
  ao: 'O:',
  aw: 'aU',
  ay: 'aI',
  ch: 'tS',
  dh: 'D',
  eh: 'E',
  er: '3:',
  ey: 'eI',
  hh: 'h',
  ih: 'I',
  iy: 'i:',
  jh: 'dZ',
  ng: 'N',
  ow: 'oU',
  oy: 'OI',
  sh: 'S',
  th: 'T',
  uh: 'U',
  uw: 'u:',
  y: 'j',
  zh: 'Z',
};

export function arpabetToEspeak(phone: string): string {
  return ESPEAK_OF[phone] ?? phone;
}
