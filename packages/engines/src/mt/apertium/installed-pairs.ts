import { readdir } from 'node:fs/promises';
import { APERTIUM_MODES } from './apertium-server.js';
import { plainPairs, type ApertiumPair } from './routes.js';

/** The two-letter codes Debian's older Apertium pairs name their modes with ("es-fr.mode"). */
const THREE_LETTER: Readonly<Record<string, string>> = {
  ca: 'cat',
  de: 'deu',
  el: 'ell',
  en: 'eng',
  es: 'spa',
  fr: 'fra',
  it: 'ita',
  ja: 'jpn',
  ko: 'kor',
  ru: 'rus',
};

/** `src-tgt.mode`, each side a code with an optional variant ("cat_valencia"); three parts are debug modes. */
const MODE_FILE = /^([a-z]{2,3}(?:_\w+)?)-([a-z]{2,3}(?:_\w+)?)\.mode$/;

/**
 * The pairs installed, read from Apertium's modes folder as apertium-apy reads it for its
 * `/listPairs`, without starting a server: listing languages need not start a translator.
 */
export async function installedPairs(modesDir: string = APERTIUM_MODES): Promise<ApertiumPair[]> {
  const files = await readdir(modesDir).catch(() => [] as string[]);
  return plainPairs(files.flatMap((file) => modePair(file) ?? []));
}

/** The pair a mode file translates, in three-letter codes (undefined for other files and debug modes). */
export function modePair(file: string): { sourceLanguage: string; targetLanguage: string } | undefined {
  const match = MODE_FILE.exec(file);
  return match ? { sourceLanguage: threeLetter(match[1]!), targetLanguage: threeLetter(match[2]!) } : undefined;
}

function threeLetter(code: string): string {
  const [language, ...variant] = code.split('_');
  return [THREE_LETTER[language!] ?? language, ...variant].join('_');
}
