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
import { catalogModel, type ModelManager } from '@voxlate/models';
import { loadLocalPipeline } from '../../neural/local-pipeline.js';
import { SessionCache } from '../../neural/session-cache.js';
import { textIds, tokenId, translateSegment, type Seq2SeqScheme } from '../seq2seq/seq2seq-decoding.js';
import { FLORES_CODES } from './nllb-languages.js';

/** NLLB frames text with FLORES language tokens: [src_lang] text </s> -> </s> [tgt_lang] ... */
const NLLB_SCHEME: Seq2SeqScheme = {
  sourceIds: (tokenizer, text, pair) => [
    tokenId(tokenizer, FLORES_CODES[pair.source]),
    ...textIds(tokenizer, text),
    tokenId(tokenizer, '</s>'),
  ],
  decoderStart: (tokenizer, pair) => [tokenId(tokenizer, '</s>'), tokenId(tokenizer, FLORES_CODES[pair.target])],
};

/**
 * Meta's NLLB-200 (distilled 600M) on ONNX Runtime through transformers.js: any of the 11
 * languages to any other, with context and length-aware variants (see translateSegment).
 */
export class NllbTranslator implements Translator {
  readonly id = 'nllb-200';
  readonly kind = 'neural' as const;
  readonly name = 'NLLB-200 distilled 600M (ONNX)';
  private readonly session = new SessionCache<'model', TranslationPipeline>((nllb) => nllb.dispose());

  constructor(
    private readonly manager: ModelManager,
    private readonly modelId = 'nllb-200-distilled-600M',
  ) {}

  qualityFor(pair: LanguagePair): TranslationQuality | undefined {
    return pair.source === pair.target ? undefined : 'full';
  }

  async translate(request: TranslationRequest, pair: LanguagePair, context: EngineContext): Promise<Translation> {
    return translateSegment(await this.pipeline(), NLLB_SCHEME, request, pair, context);
  }

  close(): Promise<void> {
    return this.session.close();
  }

  private pipeline(): Promise<TranslationPipeline> {
    const model = catalogModel(this.modelId);
    if (!model) throw new EngineUnavailable(`"${this.modelId}" is not in the model catalog.`);
    return this.session.get('model', () => loadLocalPipeline('translation', model.repo, this.manager));
  }
}
