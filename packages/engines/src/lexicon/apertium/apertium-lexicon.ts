import { existsSync } from 'node:fs';
import type { LanguageCode, Lexicon } from '@voxlate/core';
import { DEFAULT_WARM_IDLE_MS, WarmCache } from '../../warm-cache.js';
import { WarmAnalyser } from './warm-analyser.js';

const APERTIUM_DIR = '/usr/share/apertium';
/** Each language's morphological analyser in Debian's Apertium pairs (any pair's side will do). */
const ANALYSERS: Partial<Record<LanguageCode, readonly string[]>> = {
  eng: ['apertium-eng-spa/eng-spa.automorf.bin', 'apertium-eng-cat/eng-cat.automorf.bin'],
  spa: ['apertium-eng-spa/spa-eng.automorf.bin', 'apertium-spa-cat/spa-cat.automorf.bin'],
  fra: ['apertium-fra-cat/fra-cat.automorf.bin', 'apertium-fr-es/fr-es.automorf.bin'],
  ita: ['apertium-cat-ita/ita-cat.automorf.bin', 'apertium-spa-ita/ita-spa.automorf.bin'],
};

/**
 * Which words are words of a language, from the morphological analyser of an installed Apertium
 * pair (`lt-proc -w`, which marks a word it cannot analyse `*`). Languages with no analyser
 * installed answer undefined. Each analyser stays running while it is used and is stopped once
 * nothing has asked it for `idleMs`.
 */
export class ApertiumLexicon implements Lexicon {
  private readonly analysers: WarmCache<string, WarmAnalyser>;

  constructor(
    private readonly root = APERTIUM_DIR,
    idleMs = DEFAULT_WARM_IDLE_MS,
  ) {
    this.analysers = new WarmCache(idleMs, (analyser) => analyser.close());
  }

  /** Stops the analysers that are running. */
  close(): Promise<void> {
    return this.analysers.close();
  }

  async known(language: LanguageCode, words: readonly string[]): Promise<ReadonlySet<string> | undefined> {
    const analyser = (ANALYSERS[language] ?? []).map((file) => `${this.root}/${file}`).find(existsSync);
    if (!analyser) return undefined;
    const lines = words.map((word) => word.replace(/[\s^$/<>@*#\\[\]{}\0]/g, ''));
    const input = lines.join('\n') + '\n';
    const output = await this.analysers
      .use(
        analyser,
        () => Promise.resolve(new WarmAnalyser(analyser)),
        (running) => running.analyse(input),
      )
      .catch(() => undefined);
    // An analyser that failed says nothing: no word is called untranslated on its account.
    if (output === undefined) return undefined;
    const known = new Set<string>();
    for (const match of output.matchAll(/\^([^/$]*)\/([^$]*)\$/g)) {
      if (!match[2]!.startsWith('*')) known.add(match[1]!.toLowerCase());
    }
    return known;
  }
}
