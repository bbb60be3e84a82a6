import type { PhonemeTiming } from '@voxlate/core';

/** HTS label times are in units of 100 ns. */
const UNITS_PER_SECOND = 1e7;

/**
 * Open JTalk's phonemes as eSpeak NG's mnemonics (the viseme table and the syllable counter
 * read those): palatalised consonants keep their consonant, the moraic nasal is n, a geminate
 * closure ("cl") has no mouth shape of its own, devoiced vowels (capitals) are their vowels.
 */
const ESPEAK_OF: Readonly<Record<string, string>> = {
  sil: '_',
  pau: '_',
  N: 'n',
  cl: '?',
  sh: 'S',
  ch: 'tS',
  j: 'dZ',
  y: 'j',
  ky: 'k',
  gy: 'g',
  ny: 'n',
  hy: 'h',
  by: 'b',
  py: 'p',
  my: 'm',
  ry: 'r',
  ty: 't',
  dy: 'd',
};

/**
 * The output labels Open JTalk writes with `-ot` ("start end p1^p2-p3+p4=p5/A:..."): the phoneme
 * is the one between "-" and "+". Lines of its text analysis, above the labels, are skipped.
 */
export function parseLabels(trace: string): PhonemeTiming[] {
  const timings: PhonemeTiming[] = [];
  for (const line of trace.split('\n')) {
    const match = /^(\d+) (\d+) [^-]*-([^+]+)\+/.exec(line.trim());
    if (!match) continue;
    const start = Number(match[1]) / UNITS_PER_SECOND;
    const end = Number(match[2]) / UNITS_PER_SECOND;
    const phone = match[3]!;
    if (end > start) timings.push({ phoneme: ESPEAK_OF[phone] ?? phone.toLowerCase(), start, end });
  }
  return timings;
}
