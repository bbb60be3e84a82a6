import {
  EngineUnavailable,
  throwIfAborted,
  type EngineContext,
  type LanguagePair,
  type Translation,
  type TranslationQuality,
  type TranslationRequest,
  type Translator,
} from '@voxlate/core';
import type { ApertiumEndpoint } from './shared-apertium-server.js';
import { installedPairs } from './installed-pairs.js';
import { AccentRestorer, type RestoredWord } from './accent-restorer.js';
import { findRoute, type ApertiumPair } from './routes.js';
import { stripApertiumMarks, unknownWords } from './strip-marks.js';

const DEFAULT_CALL_TIMEOUT_MS = 20_000;

/** Rule-based MT from Debian's Apertium pairs, direct or through one pivot language. */
export class ApertiumTranslator implements Translator {
  readonly id = 'apertium';
  readonly kind = 'offline' as const;
  readonly name = 'Apertium (rule-based MT)';

  private constructor(
    private readonly server: ApertiumEndpoint,
    private readonly pairs: readonly ApertiumPair[],
    /** Longest wait for one hop (a sentence takes 16-36 ms, a pair's first use about 2 s). */
    private readonly callTimeoutMs: number,
    /** Restores the accents of unknown source words (absent: such words are left as they are). */
    private readonly accents: AccentRestorer | undefined,
  ) {}

  /**
   * The pairs come from the modes folder: the server starts at the first translation, not here.
   * `accents: null` leaves unmarked words unknown (the eval's "before").
   */
  static async create(
    server: ApertiumEndpoint,
    callTimeoutMs = DEFAULT_CALL_TIMEOUT_MS,
    { accents = new AccentRestorer() }: { accents?: AccentRestorer | null } = {},
  ): Promise<ApertiumTranslator> {
    return new ApertiumTranslator(server, await installedPairs(), callTimeoutMs, accents ?? undefined);
  }

  qualityFor(pair: LanguagePair): TranslationQuality | undefined {
    return findRoute(this.pairs, pair.source, pair.target) ? 'full' : undefined;
  }

  /** Language pairs this engine can route, for /api/languages. */
  routes(): readonly ApertiumPair[] {
    return this.pairs;
  }

  async translate(request: TranslationRequest, pair: LanguagePair, context: EngineContext): Promise<Translation> {
    const route = findRoute(this.pairs, pair.source, pair.target);
    if (!route) throw new EngineUnavailable(`Apertium has no route from ${pair.source} to ${pair.target}.`);
    let translated = await this.alongRoute(request.text, route, context);
    // Only the source's own words: a pivot's unknown words are not the creator's to check.
    let unknown = translated.unknown.filter((word) => includesWord(request.text, word));
    const readAs = await this.restoredAccents(unknown, route, context);
    if (readAs.length > 0) {
      // The line keeps the creator's spelling; the translation is made from the restored one.
      translated = await this.alongRoute(withWordsRead(request.text, readAs), route, context);
      const recovered = new Set(readAs.map((word) => word.written));
      unknown = unknown.filter((word) => !recovered.has(word));
    }
    return {
      text: translated.text,
      quality: 'full',
      route: route.join('→'),
      ...(unknown.length > 0 ? { untranslated: unknown } : {}),
      ...(readAs.length > 0 ? { readAs } : {}),
    };
  }

  /**
   * The unknown words' spellings with their accents, as the route's first analyser knows them. An
   * analyser that fails or hangs costs the restoration only: the words stay flagged untranslated.
   */
  private async restoredAccents(
    unknown: readonly string[],
    route: readonly string[],
    context: EngineContext,
  ): Promise<RestoredWord[]> {
    try {
      return (await this.accents?.restore(unknown, route[0]!, route[1]!, context.signal)) ?? [];
    } catch {
      throwIfAborted(context.signal);
      return [];
    }
  }

  /** The text taken through each hop of the route, and the words a hop left unknown. */
  private async alongRoute(
    source: string,
    route: readonly string[],
    context: EngineContext,
  ): Promise<{ text: string; unknown: string[] }> {
    let text = source;
    const unknown = new Set<string>();
    for (let step = 1; step < route.length && text.trim() !== ''; step++) {
      throwIfAborted(context.signal);
      const marked = await this.translateStep(text, route[step - 1]!, route[step]!, context);
      for (const word of unknownWords(marked)) unknown.add(word);
      text = stripApertiumMarks(marked);
    }
    return { text, unknown: [...unknown] };
  }

  async close(): Promise<void> {
    await this.server.stop();
  }

  /**
   * One hop, under a time limit: a server that does not answer in time is restarted (it may be
   * hung or stopped) and the hop tried once more; a second failure fails the job clearly.
   */
  private async translateStep(text: string, source: string, target: string, context: EngineContext): Promise<string> {
    try {
      return await this.request(text, source, target, context);
    } catch (error) {
      throwIfAborted(context.signal);
      if (isTimeout(error)) this.server.restart();
      else await new Promise((resolve) => setTimeout(resolve, 200));
      return this.request(text, source, target, context).catch((retryError: unknown) => {
        throwIfAborted(context.signal);
        throw new EngineUnavailable(this.failureMessage(retryError), `${String(error)} / ${String(retryError)}`);
      });
    }
  }

  private failureMessage(retryError: unknown): string {
    const outcome = ': the translation could not be done.';
    if (isTimeout(retryError)) {
      return `Apertium did not answer within ${this.callTimeoutMs / 1000} s, even after it was restarted${outcome}`;
    }
    if (retryError instanceof EngineUnavailable)
      return `Apertium could not be restarted (${retryError.message})${outcome}`;
    return `Apertium did not answer, even after a retry${outcome}`;
  }

  private async request(text: string, source: string, target: string, context: EngineContext): Promise<string> {
    const body = new URLSearchParams({ langpair: `${source}|${target}`, q: text, markUnknown: 'yes' });
    return this.server.using(async (url) => {
      // Counted from a running server: a (re)start has its own time limit.
      const deadline = AbortSignal.timeout(this.callTimeoutMs);
      const signal = context.signal ? AbortSignal.any([context.signal, deadline]) : deadline;
      const response = await fetch(`${url}/translate`, { method: 'POST', body, signal });
      if (!response.ok) throw new Error(`apertium-apy answered ${response.status}`);
      const json = (await response.json()) as { responseData?: { translatedText?: string } };
      return json.responseData?.translatedText ?? '';
    });
  }
}

/** AbortSignal.timeout() aborts with a DOMException named TimeoutError. */
function isTimeout(error: unknown): boolean {
  return (error as { name?: string } | undefined)?.name === 'TimeoutError';
}

/** The text with each restored word in place of its unmarked spelling (whole words only). */
function withWordsRead(text: string, readAs: readonly RestoredWord[]): string {
  return readAs.reduce(
    (line, { written, read }) =>
      line.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(written)}(?![\\p{L}\\p{N}])`, 'gu'), read),
    text,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function includesWord(text: string, word: string): boolean {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .includes(word.toLowerCase());
}
