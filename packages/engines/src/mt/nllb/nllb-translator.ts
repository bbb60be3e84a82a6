import {
  LogitsProcessorList,
  Tensor,
  type PreTrainedTokenizer,
  type TranslationPipeline,
} from '@huggingface/transformers';
import {
  EngineUnavailable,
  estimateSpeechSeconds,
  throwIfAborted,
  type EngineContext,
  type LanguageCode,
  type LanguagePair,
  type Translation,
  type TranslationQuality,
  type TranslationRequest,
  type Translator,
} from '@voxlate/core';
import { catalogModel, type ModelManager } from '@voxlate/models';
import { GumbelSampling } from '../../neural/gumbel-sampling.js';
import { loadLocalPipeline } from '../../neural/local-pipeline.js';
import { FLORES_CODES } from './nllb-languages.js';

/** Seeded samples drawn when the first translation is too long for its slot. */
const SHORTER_CANDIDATES = 4;

interface Decoding {
  text: string;
  source: string;
  target: LanguageCode;
}

/**
 * Meta's NLLB-200 (distilled 600M) on ONNX Runtime through transformers.js: any of the 11
 * languages to any other. Each segment is translated after the previous one: the previous
 * source is given to the encoder and its translation forced as the start of the output, so the
 * model continues it (terms and pronouns stay consistent). When the translation would take
 * longer to say than its slot allows, seeded samples are drawn and the longest that fits wins.
 */
export class NllbTranslator implements Translator {
  readonly id = 'nllb-200';
  readonly kind = 'neural' as const;
  readonly name = 'NLLB-200 distilled 600M (ONNX)';
  private loaded: Promise<TranslationPipeline> | undefined;

  constructor(
    private readonly manager: ModelManager,
    private readonly modelId = 'nllb-200-distilled-600M',
  ) {}

  qualityFor(pair: LanguagePair): TranslationQuality | undefined {
    return pair.source === pair.target ? undefined : 'full';
  }

  async translate(request: TranslationRequest, pair: LanguagePair, context: EngineContext): Promise<Translation> {
    throwIfAborted(context.signal);
    const route = `${pair.source}→${pair.target}`;
    const text = request.text.trim();
    if (text === '') return { text: '', quality: 'full', route };
    const nllb = await this.pipeline();
    const first = await this.translateInContext(nllb, request, pair);
    throwIfAborted(context.signal);
    const fits = (candidate: string): boolean =>
      request.maxSeconds === undefined || estimateSpeechSeconds(candidate, pair.target) <= request.maxSeconds;
    if (fits(first)) return { text: first, quality: 'full', route };
    const shorter = await this.shorterVariant(nllb, text, pair, first, fits, context);
    return { text: shorter, quality: 'full', route, ...(shorter !== first ? { shortened: true } : {}) };
  }

  async close(): Promise<void> {
    const loaded = this.loaded;
    this.loaded = undefined;
    if (loaded) await (await loaded).dispose();
  }

  /** With the previous segment as context; without it when the continuation comes out empty. */
  private async translateInContext(
    nllb: TranslationPipeline,
    request: TranslationRequest,
    pair: LanguagePair,
  ): Promise<string> {
    const text = request.text.trim();
    if (request.previous && request.previousTranslation) {
      const continued = await this.decode(nllb, pair, {
        source: `${request.previous.trim()} ${text}`,
        prefix: request.previousTranslation.trim(),
      });
      if (continued !== '') return continued;
    }
    return this.decode(nllb, pair, { source: text });
  }

  private async shorterVariant(
    nllb: TranslationPipeline,
    text: string,
    pair: LanguagePair,
    first: string,
    fits: (candidate: string) => boolean,
    context: EngineContext,
  ): Promise<string> {
    const candidates = [first];
    for (let seed = 1; seed <= SHORTER_CANDIDATES; seed++) {
      throwIfAborted(context.signal);
      candidates.push(await this.decode(nllb, pair, { source: text, sampling: new GumbelSampling(seed) }));
    }
    const decoded: Decoding[] = candidates
      .filter((candidate) => candidate !== '')
      .map((candidate) => ({ text: candidate, source: text, target: pair.target }));
    const length = (d: Decoding): number => estimateSpeechSeconds(d.text, d.target);
    const fitting = decoded.filter((d) => fits(d.text)).sort((a, b) => length(b) - length(a));
    const shortest = [...decoded].sort((a, b) => length(a) - length(b));
    return (fitting[0] ?? shortest[0])?.text ?? first;
  }

  /** [src_lang] source </s> -> </s> [tgt_lang] prefix ... : the decoded tokens after the prefix. */
  private async decode(
    nllb: TranslationPipeline,
    pair: LanguagePair,
    input: { source: string; prefix?: string; sampling?: GumbelSampling },
  ): Promise<string> {
    const tokenizer = nllb.tokenizer;
    const eos = tokenId(tokenizer, '</s>');
    const sourceIds = [tokenId(tokenizer, FLORES_CODES[pair.source]), ...textIds(tokenizer, input.source), eos];
    const prefixIds = [eos, tokenId(tokenizer, FLORES_CODES[pair.target])];
    if (input.prefix) prefixIds.push(...textIds(tokenizer, input.prefix));
    const processors = new LogitsProcessorList();
    if (input.sampling) processors.push(input.sampling);
    // One start sequence per batch row is how transformers.js takes a forced decoder prefix for
    // M2M100 (its generate() does not pass decoder_input_ids through for this architecture).
    const options: Record<string, unknown> = {
      inputs: new Tensor('int64', BigInt64Array.from(sourceIds.map(BigInt)), [1, sourceIds.length]),
      attention_mask: new Tensor('int64', new BigInt64Array(sourceIds.length).fill(1n), [1, sourceIds.length]),
      decoder_start_token_id: [prefixIds],
      max_new_tokens: 2 * sourceIds.length + 16,
      logits_processor: processors,
    };
    const output = (await nllb.model.generate(options)) as Tensor;
    const generated = (output.tolist() as bigint[][])[0]!.slice(prefixIds.length).map(Number);
    return tokenizer.decode(generated, { skip_special_tokens: true }).trim();
  }

  private pipeline(): Promise<TranslationPipeline> {
    const model = catalogModel(this.modelId);
    if (!model) throw new EngineUnavailable(`"${this.modelId}" is not in the model catalog.`);
    this.loaded ??= loadLocalPipeline('translation', model.repo, this.manager);
    return this.loaded;
  }
}

function tokenId(tokenizer: PreTrainedTokenizer, token: string): number {
  const id = tokenizer.convert_tokens_to_ids(token) as number | null | undefined;
  if (id === undefined || id === null) throw new EngineUnavailable(`The NLLB tokenizer has no "${token}" token.`);
  return id;
}

function textIds(tokenizer: PreTrainedTokenizer, text: string): number[] {
  return tokenizer.encode(text, { add_special_tokens: false });
}
