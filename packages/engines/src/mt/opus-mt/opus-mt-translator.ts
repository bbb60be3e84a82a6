import type { TranslationPipeline } from '@huggingface/transformers';
import {
  EngineUnavailable,
  type EngineContext,
  type LanguagePair,
  type Translation,
  type TranslationQuality,
  type TranslationRequest,
  type Translator,
} from '@voxlate/core';
import { OPUS_MT_PAIRS, catalogModel, opusMtId, type ModelManager } from '@voxlate/models';
import { loadLocalPipeline } from '../../neural/local-pipeline.js';
import { SessionCache } from '../../neural/session-cache.js';
import { installedOpusMtModels } from './installed-opus-mt.js';
import { textIds, tokenId, translateSegment, type Seq2SeqScheme } from '../seq2seq/seq2seq-decoding.js';

/** One Opus-MT model per pair: text </s> -> <pad> ..., with a >>xxx<< token first for multi-target models. */
function marianScheme(model: TranslationPipeline, targetToken: string | undefined): Seq2SeqScheme {
  const config = model.model.config as unknown as { decoder_start_token_id: number };
  return {
    sourceIds: (tokenizer, text) => [
      ...(targetToken ? [tokenId(tokenizer, targetToken)] : []),
      ...textIds(tokenizer, text),
      tokenId(tokenizer, '</s>'),
    ],
    decoderStart: () => [config.decoder_start_token_id],
  };
}

/**
 * Helsinki-NLP's Opus-MT (Marian) models through transformers.js, one small model per language
 * pair, for the pairs installed. Same context and length-aware variants as NLLB; which of the
 * two serves a pair follows measured scores when `npm run eval` has written them.
 */
export class OpusMtTranslator implements Translator {
  readonly id = 'opus-mt';
  readonly kind = 'neural' as const;
  readonly name = 'Opus-MT (Marian, ONNX)';
  private readonly models = new SessionCache<string, TranslationPipeline>((model) => model.dispose());

  private constructor(
    private readonly manager: ModelManager,
    private readonly installed: ReadonlySet<string>,
  ) {}

  static async create(manager: ModelManager): Promise<OpusMtTranslator> {
    return new OpusMtTranslator(manager, new Set(await installedOpusMtModels(manager)));
  }

  qualityFor(pair: LanguagePair): TranslationQuality | undefined {
    return this.installed.has(opusMtId(pair.source, pair.target)) ? 'full' : undefined;
  }

  async translate(request: TranslationRequest, pair: LanguagePair, context: EngineContext): Promise<Translation> {
    const entry = OPUS_MT_PAIRS.find((p) => p.source === pair.source && p.target === pair.target);
    if (!entry || !this.qualityFor(pair)) {
      throw new EngineUnavailable(`No Opus-MT model for ${pair.source}→${pair.target} is installed.`);
    }
    const model = await this.model(opusMtId(pair.source, pair.target));
    return translateSegment(model, marianScheme(model, entry.targetToken), request, pair, context);
  }

  close(): Promise<void> {
    return this.models.close();
  }

  private model(id: string): Promise<TranslationPipeline> {
    return this.models.get(id, () => loadLocalPipeline('translation', catalogModel(id)!.repo, this.manager));
  }
}
