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
  type LanguagePair,
  type Translation,
  type TranslationRequest,
} from '@voxlate/core';
import { GumbelSampling } from '../../neural/gumbel-sampling.js';

/** Seeded samples drawn when the first translation is too long for its slot. */
const SHORTER_CANDIDATES = 4;

/** How a model family frames its input and the start of its output (language tokens or none). */
export interface Seq2SeqScheme {
  sourceIds(tokenizer: PreTrainedTokenizer, text: string, pair: LanguagePair): number[];
  decoderStart(tokenizer: PreTrainedTokenizer, pair: LanguagePair): number[];
}

/**
 * Segment translation on a transformers.js encoder-decoder, shared by NLLB and Opus-MT. The
 * previous segment is context: its source goes to the encoder before this one and its
 * translation is forced as the start of the output, so the model continues it (terms and
 * pronouns stay consistent); an empty continuation falls back to the segment alone. When the
 * translation would take longer to say than its slot allows, seeded samples are drawn and the
 * longest that fits wins.
 */
export async function translateSegment(
  model: TranslationPipeline,
  scheme: Seq2SeqScheme,
  request: TranslationRequest,
  pair: LanguagePair,
  context: EngineContext,
): Promise<Translation> {
  throwIfAborted(context.signal);
  const route = `${pair.source}→${pair.target}`;
  const text = request.text.trim();
  if (text === '') return { text: '', quality: 'full', route };
  const first = await translateInContext(model, scheme, request, pair);
  throwIfAborted(context.signal);
  const fits = (candidate: string): boolean =>
    request.maxSeconds === undefined || estimateSpeechSeconds(candidate, pair.target) <= request.maxSeconds;
  if (fits(first)) return { text: first, quality: 'full', route };
  const shorter = await shorterVariant(model, scheme, text, pair, first, fits, context);
  return { text: shorter, quality: 'full', route, ...(shorter !== first ? { shortened: true } : {}) };
}

async function translateInContext(
  model: TranslationPipeline,
  scheme: Seq2SeqScheme,
  request: TranslationRequest,
  pair: LanguagePair,
): Promise<string> {
  const text = request.text.trim();
  if (request.previous && request.previousTranslation) {
    const continued = await decode(model, scheme, pair, {
      source: `${request.previous.trim()} ${text}`,
      prefix: request.previousTranslation.trim(),
    });
    if (continued !== '') return continued;
  }
  return decode(model, scheme, pair, { source: text });
}

async function shorterVariant(
  model: TranslationPipeline,
  scheme: Seq2SeqScheme,
  text: string,
  pair: LanguagePair,
  first: string,
  fits: (candidate: string) => boolean,
  context: EngineContext,
): Promise<string> {
  const candidates = [first];
  for (let seed = 1; seed <= SHORTER_CANDIDATES; seed++) {
    throwIfAborted(context.signal);
    candidates.push(await decode(model, scheme, pair, { source: text, sampling: new GumbelSampling(seed) }));
  }
  const seconds = (candidate: string): number => estimateSpeechSeconds(candidate, pair.target);
  const spoken = candidates.filter((candidate) => candidate !== '');
  const fitting = spoken.filter(fits).sort((a, b) => seconds(b) - seconds(a));
  const shortest = [...spoken].sort((a, b) => seconds(a) - seconds(b));
  return fitting[0] ?? shortest[0] ?? first;
}

/** Encodes, generates after the forced start (+ prefix), and decodes only what follows it. */
async function decode(
  model: TranslationPipeline,
  scheme: Seq2SeqScheme,
  pair: LanguagePair,
  input: { source: string; prefix?: string; sampling?: GumbelSampling },
): Promise<string> {
  const tokenizer = model.tokenizer;
  const sourceIds = scheme.sourceIds(tokenizer, input.source, pair);
  const startIds = [...scheme.decoderStart(tokenizer, pair), ...(input.prefix ? textIds(tokenizer, input.prefix) : [])];
  const processors = new LogitsProcessorList();
  if (input.sampling) processors.push(input.sampling);
  // One start sequence per batch row is how transformers.js takes a forced decoder prefix for
  // these models (their generate() does not pass decoder_input_ids through).
  const options: Record<string, unknown> = {
    inputs: int64Tensor(sourceIds),
    attention_mask: int64Tensor(sourceIds.map(() => 1)),
    decoder_start_token_id: [startIds],
    max_new_tokens: 2 * sourceIds.length + 16,
    logits_processor: processors,
  };
  const output = (await model.model.generate(options)) as Tensor;
  const generated = (output.tolist() as bigint[][])[0]!.slice(startIds.length).map(Number);
  return tokenizer.decode(generated, { skip_special_tokens: true }).trim();
}

export function tokenId(tokenizer: PreTrainedTokenizer, token: string): number {
  const id = tokenizer.convert_tokens_to_ids(token) as number | null | undefined;
  if (id === undefined || id === null) throw new EngineUnavailable(`The tokenizer has no "${token}" token.`);
  return id;
}

export function textIds(tokenizer: PreTrainedTokenizer, text: string): number[] {
  return tokenizer.encode(text, { add_special_tokens: false });
}

function int64Tensor(values: readonly number[]): Tensor {
  return new Tensor('int64', BigInt64Array.from(values.map(BigInt)), [1, values.length]);
}
