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
import type { ApertiumServer } from './apertium-server.js';
import { findRoute, type ApertiumPair } from './routes.js';
import { stripApertiumMarks } from './strip-marks.js';

/** Rule-based MT from Debian's Apertium pairs, direct or through one pivot language. */
export class ApertiumTranslator implements Translator {
  readonly id = 'apertium';
  readonly kind = 'offline' as const;
  readonly name = 'Apertium (rule-based MT)';

  private constructor(
    private readonly server: ApertiumServer,
    private readonly pairs: readonly ApertiumPair[],
  ) {}

  static async create(server: ApertiumServer): Promise<ApertiumTranslator> {
    return new ApertiumTranslator(server, await server.pairs());
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
    let text = request.text;
    for (let step = 1; step < route.length && text.trim() !== ''; step++) {
      throwIfAborted(context.signal);
      text = stripApertiumMarks(await this.translateStep(text, route[step - 1]!, route[step]!, context));
    }
    return { text, quality: 'full', route: route.join('→') };
  }

  async close(): Promise<void> {
    await this.server.stop();
  }

  /** One hop; retried once because a crashed server is restarted by the supervisor. */
  private async translateStep(text: string, source: string, target: string, context: EngineContext): Promise<string> {
    try {
      return await this.request(text, source, target, context);
    } catch (error) {
      throwIfAborted(context.signal);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return this.request(text, source, target, context).catch((retryError: unknown) => {
        throw new EngineUnavailable('Apertium did not answer.', `${String(error)} / ${String(retryError)}`);
      });
    }
  }

  private async request(text: string, source: string, target: string, context: EngineContext): Promise<string> {
    const body = new URLSearchParams({ langpair: `${source}|${target}`, q: text, markUnknown: 'no' });
    const response = await fetch(`${await this.server.baseUrl()}/translate`, {
      method: 'POST',
      body,
      ...(context.signal ? { signal: context.signal } : {}),
    });
    if (!response.ok) throw new Error(`apertium-apy answered ${response.status}`);
    const json = (await response.json()) as { responseData?: { translatedText?: string } };
    return json.responseData?.translatedText ?? '';
  }
}
