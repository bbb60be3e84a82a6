import { existsSync } from 'node:fs';
import { spawnTied } from '@voxlate/process-lifetime';
import type { LanguageCode, Lexicon } from '@voxlate/core';

const APERTIUM_DIR = '/usr/share/apertium';
/** Each language's morphological analyser in Debian's Apertium pairs (any pair's side will do). */
const ANALYSERS: Partial<Record<LanguageCode, readonly string[]>> = {
  eng: ['apertium-eng-spa/eng-spa.automorf.bin', 'apertium-eng-cat/eng-cat.automorf.bin'],
  spa: ['apertium-eng-spa/spa-eng.automorf.bin', 'apertium-spa-cat/spa-cat.automorf.bin'],
  fra: ['apertium-fra-cat/fra-cat.automorf.bin', 'apertium-fr-es/fr-es.automorf.bin'],
  ita: ['apertium-cat-ita/ita-cat.automorf.bin', 'apertium-spa-ita/ita-spa.automorf.bin'],
};
/** One analysis of a few words takes ~10 ms; a stuck analyser must not hold up the translation. */
const TIMEOUT_MS = 10_000;

/**
 * Which words are words of a language, from the morphological analyser of an installed Apertium
 * pair (`lt-proc -w`, which marks a word it cannot analyse `*`). Languages with no analyser
 * installed answer undefined.
 */
export class ApertiumLexicon implements Lexicon {
  constructor(private readonly root = APERTIUM_DIR) {}

  async known(language: LanguageCode, words: readonly string[]): Promise<ReadonlySet<string> | undefined> {
    const analyser = (ANALYSERS[language] ?? []).map((file) => `${this.root}/${file}`).find(existsSync);
    if (!analyser) return undefined;
    const lines = words.map((word) => word.replace(/[\s^$/<>@*#\\[\]{}]/g, ''));
    const output = await analyse(analyser, lines.join('\n') + '\n').catch(() => undefined);
    // An analyser that failed says nothing: no word is called untranslated on its account.
    if (output === undefined) return undefined;
    const known = new Set<string>();
    for (const match of output.matchAll(/\^([^/$]*)\/([^$]*)\$/g)) {
      if (!match[2]!.startsWith('*')) known.add(match[1]!.toLowerCase());
    }
    return known;
  }
}

function analyse(analyser: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnTied('lt-proc', ['-w', analyser], { stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks).toString('utf8'));
      else reject(new Error(`lt-proc exited with ${code}`));
    });
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(input);
  });
}
