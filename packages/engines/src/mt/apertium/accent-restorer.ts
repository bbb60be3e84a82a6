import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { spawnTied } from '@voxlate/process-lifetime';
import { accentCandidates, restoresAccents } from './accent-candidates.js';
import { APERTIUM_MODES } from './apertium-server.js';
import { modePair } from './installed-pairs.js';

/** The analyser reads thousands of candidates in a few milliseconds; this long means it hangs. */
const ANALYSER_TIMEOUT_MS = 5_000;

/** A word the analyser did not know, and the marked spelling it knows. */
export interface RestoredWord {
  written: string;
  read: string;
}

/**
 * Gives back their accents to words written without them ("conexion", "vacias"), which a source
 * language's analyser does not know and Apertium would otherwise leave untranslated: each
 * candidate spelling (`accentCandidates`, the likeliest first) is put to the same analyser the
 * translation starts with (`lt-proc` on the pair's `automorf.bin`, read from its mode file), and
 * the first it knows is taken. A word with no known spelling stays as it was.
 */
export class AccentRestorer {
  private readonly analysers = new Map<string, Promise<string | undefined>>();

  constructor(private readonly modesDir: string = APERTIUM_MODES) {}

  /** The known spelling of each word that has one; words without one are left out. */
  async restore(words: readonly string[], source: string, next: string, signal?: AbortSignal): Promise<RestoredWord[]> {
    if (!restoresAccents(source) || words.length === 0) return [];
    const analyser = await this.analyserOf(source, next);
    if (!analyser) return [];
    const candidates = new Map(words.map((word) => [word, accentCandidates(word, source)]));
    const all = [...new Set([...candidates.values()].flat())];
    if (all.length === 0) return [];
    const known = await knownWords(analyser, all, signal);
    return words.flatMap((word) => {
      const read = candidates.get(word)!.find((candidate) => known.has(candidate));
      return read === undefined ? [] : [{ written: word, read }];
    });
  }

  /** The analyser's file, from the first command of the hop's mode (undefined when it cannot be read). */
  private analyserOf(source: string, next: string): Promise<string | undefined> {
    const key = `${source}-${next}`;
    let found = this.analysers.get(key);
    if (!found) {
      found = findAnalyser(this.modesDir, source, next);
      this.analysers.set(key, found);
    }
    return found;
  }
}

/** The mode file of the pair is "spa-eng.mode" or, for Debian's older pairs, "fr-es.mode". */
async function findAnalyser(modesDir: string, source: string, next: string): Promise<string | undefined> {
  const files = await readdir(modesDir).catch(() => [] as string[]);
  const file = files.find((name) => {
    const pair = modePair(name);
    return pair?.sourceLanguage === source && pair.targetLanguage === next;
  });
  if (!file) return undefined;
  const mode = await readFile(join(modesDir, file), 'utf8').catch(() => '');
  return /^\s*lt-proc\s+(?:-\S+\s+)*'([^']+\.automorf\.bin)'/.exec(mode)?.[1];
}

/**
 * The words the analyser knows, each given as its own null-terminated chunk (`lt-proc -z`), so
 * that no two candidates are read together as one multi-word unit. An unknown word comes back
 * as `^conexion/*conexion$`, a known one with its analyses.
 */
function knownWords(analyser: string, words: readonly string[], signal?: AbortSignal): Promise<Set<string>> {
  return new Promise((resolve, reject) => {
    const child = spawnTied('lt-proc', ['-z', '-w', analyser], {
      stdio: ['pipe', 'pipe', 'ignore'],
      timeout: ANALYSER_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    });
    let output = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => (output += chunk));
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(words.map((word) => `${word}\0`).join(''));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`lt-proc ended with ${code ?? 'a signal'} on the accent candidates`));
        return;
      }
      const known = new Set<string>();
      for (const [, surface, analyses] of output.matchAll(/\^([^/$]*)\/([^$]*)\$/gu)) {
        if (!analyses!.startsWith('*')) known.add(surface!);
      }
      resolve(known);
    });
  });
}
