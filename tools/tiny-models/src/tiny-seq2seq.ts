import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addCacheInputs, addCacheOutputs, addCachePositions, type CacheShape } from './merged-decoder-cache.js';
import { FLOAT, INT64, OnnxGraph, seededRandom } from './onnx-graph.js';
import { writeJson } from './write-json.js';

const HIDDEN = 16;
const HEADS = 2;
const HEAD_SIZE = HIDDEN / HEADS;
const DECODER_LAYERS = 2;
const POSITIONS = 256;
const CACHE: CacheShape = { layers: DECODER_LAYERS, heads: HEADS, headSize: HEAD_SIZE, positions: POSITIONS };
/** Rule channels carried from the previous token (its own row in a transition table). */
const TRANSITION_RANK = 24;

const SPECIALS = ['<s>', '<pad>', '</s>', '<unk>'];
const BOS = 0;
const PAD = 1;
const EOS = 2;
const CHARACTERS = [
  ..."▁abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.,?!'-",
  ...'éèêàâçîïôûùüöäßñáíóú',
  ...'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ',
  ...'абвгдеёжзийклмнопрстуфхцчшщъыьэюя',
  ...'的一是不了人我在有他这中大来上个们到说你好谢欢迎回频道係喺嘅',
  ...'あいうえおかきくけこさしすせそたちつてとなにのはまもよらりるをんがでです',
  ...'가나다라마바사아자하이는을를에서요니다습',
];
/** FLORES-200 codes as NLLB's tokenizer has them (special tokens). */
export const TINY_NLLB_LANGUAGES = [
  'eng_Latn',
  'fra_Latn',
  'spa_Latn',
  'deu_Latn',
  'ita_Latn',
  'rus_Cyrl',
  'ell_Grek',
  'jpn_Jpan',
  'kor_Hang',
  'zho_Hans',
  'zho_Hant',
  'yue_Hant',
];

export interface TinySeq2SeqOptions {
  seed?: number;
}

/** What tells the two families apart: class names, language tokens and how output starts. */
interface Family {
  modelType: string;
  architecture: string;
  tokenizerClass: string;
  /** Special tokens naming languages (FLORES codes for NLLB, >>xxx<< target tokens for Marian). */
  languageTokens: readonly string[];
  /** The token output starts with (NLLB: </s>, then the target language; Marian: <pad>). */
  decoderStart: number;
  /** Token put before the text by the tokenizer's post-processor, if any (NLLB: the source language). */
  sourcePrefix?: string;
  tokenizerConfig: Record<string, unknown>;
}

/**
 * A tiny random-weight NLLB-200 (M2M100 architecture) in the layout transformers.js loads:
 * encoder + merged decoder with a KV cache, NllbTokenizer with FLORES language codes as special
 * tokens. Rigged so generation behaves: the first word depends on the target language token,
 * the words on the source text, and end of sentence comes about one token after the source
 * length (or right after a sentence mark). It proves loading, tokenising, language forcing and
 * decoding; nothing about quality.
 */
export function writeTinyNllb(folder: string, options: TinySeq2SeqOptions = {}): Promise<void> {
  return writeTinySeq2Seq(folder, options, {
    modelType: 'm2m_100',
    architecture: 'M2M100ForConditionalGeneration',
    tokenizerClass: 'NllbTokenizer',
    languageTokens: TINY_NLLB_LANGUAGES,
    decoderStart: EOS,
    sourcePrefix: 'eng_Latn',
    tokenizerConfig: { src_lang: 'eng_Latn', legacy_behaviour: false },
  });
}

/**
 * A tiny random-weight Opus-MT (Marian) model, same graphs as the tiny NLLB: MarianTokenizer,
 * output starting from <pad>, optional >>xxx<< target tokens for multi-target models.
 */
export function writeTinyMarian(
  folder: string,
  options: TinySeq2SeqOptions & { targetTokens?: readonly string[] } = {},
): Promise<void> {
  return writeTinySeq2Seq(folder, options, {
    modelType: 'marian',
    architecture: 'MarianMTModel',
    tokenizerClass: 'MarianTokenizer',
    languageTokens: options.targetTokens ?? [],
    decoderStart: PAD,
    tokenizerConfig: {},
  });
}

async function writeTinySeq2Seq(folder: string, options: TinySeq2SeqOptions, family: Family): Promise<void> {
  const random = seededRandom(options.seed ?? 17);
  const vocabulary = [...SPECIALS, ...CHARACTERS, ...family.languageTokens, '<mask>'];
  const size = vocabulary.length;
  const embeddings = Float32Array.from({ length: size * HIDDEN }, () => random() - 0.5);
  await mkdir(join(folder, 'onnx'), { recursive: true });
  await writeFile(join(folder, 'onnx', 'encoder_model_quantized.onnx'), encoderGraph(size, embeddings).toBytes());
  await writeFile(join(folder, 'onnx', 'decoder_model_merged_quantized.onnx'), decoderGraph(size, random).toBytes());
  const ids = { bos_token_id: BOS, pad_token_id: PAD, eos_token_id: EOS, decoder_start_token_id: family.decoderStart };
  await writeJson(join(folder, 'config.json'), {
    model_type: family.modelType,
    architectures: [family.architecture],
    is_encoder_decoder: true,
    d_model: HIDDEN,
    encoder_layers: 1,
    decoder_layers: DECODER_LAYERS,
    encoder_attention_heads: HEADS,
    decoder_attention_heads: HEADS,
    max_position_embeddings: POSITIONS,
    vocab_size: size,
    ...ids,
  });
  await writeJson(join(folder, 'generation_config.json'), { ...ids, max_length: POSITIONS });
  await writeJson(join(folder, 'tokenizer.json'), tokenizerJson(vocabulary, family));
  await writeJson(join(folder, 'tokenizer_config.json'), {
    tokenizer_class: family.tokenizerClass,
    bos_token: '<s>',
    eos_token: '</s>',
    pad_token: '<pad>',
    unk_token: '<unk>',
    mask_token: '<mask>',
    model_max_length: 1024,
    ...family.tokenizerConfig,
  });
}

/** Token embeddings, masked: padding contributes nothing to the summary the decoder reads. */
function encoderGraph(size: number, embeddings: Float32Array): OnnxGraph {
  return new OnnxGraph('tiny_nllb_encoder')
    .input('input_ids', INT64, ['batch_size', 'encoder_sequence_length'])
    .input('attention_mask', INT64, ['batch_size', 'encoder_sequence_length'])
    .output('last_hidden_state', FLOAT, ['batch_size', 'encoder_sequence_length', HIDDEN])
    .floats('embeddings', [size, HIDDEN], embeddings)
    .ints('axis_two', [1], [2])
    .node('Gather', ['embeddings', 'input_ids'], ['token_vectors'], { axis: 0 })
    .node('Cast', ['attention_mask'], ['mask_float'], { to: FLOAT })
    .node('Unsqueeze', ['mask_float', 'axis_two'], ['mask_column'])
    .node('Mul', ['token_vectors', 'mask_column'], ['last_hidden_state']);
}

function decoderGraph(size: number, random: () => number): OnnxGraph {
  const graph = new OnnxGraph('tiny_nllb_decoder')
    .input('encoder_attention_mask', INT64, ['batch_size', 'encoder_sequence_length'])
    .input('input_ids', INT64, ['batch_size', 'decoder_sequence_length'])
    .input('encoder_hidden_states', FLOAT, ['batch_size', 'encoder_sequence_length', HIDDEN]);
  addCacheInputs(graph, CACHE);
  graph.output('logits', FLOAT, ['batch_size', 'decoder_sequence_length', size]);

  const transitionsIn = Float32Array.from({ length: size * TRANSITION_RANK }, () => random() - 0.5);
  const transitionsOut = Float32Array.from({ length: TRANSITION_RANK * size }, () => (random() - 0.5) * 3);
  const sourceWeights = Float32Array.from({ length: HIDDEN * size }, () => (random() - 0.5) * 2);
  const positionScores = Float32Array.from({ length: POSITIONS * size }, () => (random() - 0.5) * 3);
  const tokenKeys = Float32Array.from({ length: size * HIDDEN }, () => random() - 0.5);
  // Special tokens are never written as text: only end of sentence, when its time comes.
  const blocked = new Float32Array(size);
  for (let token = 0; token < size; token++) {
    if (token < SPECIALS.length || token >= SPECIALS.length + CHARACTERS.length) blocked[token] = -100;
  }
  blocked[EOS] = 0;
  const endOfSentence = new Float32Array(size);
  endOfSentence[EOS] = 1;
  // A sentence mark ends the sentence: sampled variants that say one early come out shorter.
  const endsSentence = new Float32Array(size);
  for (const mark of '.?!') endsSentence[SPECIALS.length + CHARACTERS.indexOf(mark)] = 60;
  addCachePositions(graph, CACHE);
  graph
    .floats('transitions_in', [size, TRANSITION_RANK], transitionsIn)
    .floats('transitions_out', [TRANSITION_RANK, size], transitionsOut)
    .floats('source_weights', [HIDDEN, size], sourceWeights)
    .floats('position_scores', [POSITIONS, size], positionScores)
    .floats('blocked', [size], blocked)
    .floats('end_of_sentence', [size], endOfSentence)
    .floats('ends_sentence', [size], endsSentence)
    .floats('end_slope', [], Float32Array.of(4))
    .floats('end_offset', [], Float32Array.of(1))
    .floats('earliest_end_score', [], Float32Array.of(-20))
    .ints('axis_one', [1], [1])
    .ints('axis_two_list', [1], [2])
    // Scores: from the previous token, the source summary and the position.
    .node('Gather', ['transitions_in', 'input_ids'], ['previous_features'], { axis: 0 })
    .node('MatMul', ['previous_features', 'transitions_out'], ['transition_scores'])
    .node('ReduceMean', ['encoder_hidden_states'], ['source_summary'], { axes: [1], keepdims: 1 })
    .node('MatMul', ['source_summary', 'source_weights'], ['source_scores'])
    .node('Gather', ['position_scores', 'table_positions'], ['position_text_scores'], { axis: 0 })
    // End of sentence: rises with (position - source length - 1), from -20; certain after a sentence mark.
    .node('Cast', ['encoder_attention_mask'], ['source_mask_float'], { to: FLOAT })
    .node('ReduceSum', ['source_mask_float', 'axis_one'], ['source_length'], { keepdims: 1 })
    .node('Cast', ['positions'], ['positions_float'], { to: FLOAT })
    .node('Sub', ['positions_float', 'source_length'], ['overrun'])
    .node('Sub', ['overrun', 'end_offset'], ['overrun_shifted'])
    .node('Mul', ['overrun_shifted', 'end_slope'], ['end_score'])
    .node('Max', ['end_score', 'earliest_end_score'], ['end_score_floor'])
    .node('Gather', ['ends_sentence', 'input_ids'], ['after_mark'], { axis: 0 })
    .node('Add', ['end_score_floor', 'after_mark'], ['end_score_total'])
    .node('Unsqueeze', ['end_score_total', 'axis_two_list'], ['end_score_column'])
    .node('Mul', ['end_score_column', 'end_of_sentence'], ['end_scores'])
    .node('Add', ['transition_scores', 'source_scores'], ['content_scores'])
    .node('Add', ['content_scores', 'position_text_scores'], ['text_scores'])
    .node('Add', ['text_scores', 'blocked'], ['allowed_scores'])
    .node('Add', ['allowed_scores', 'end_scores'], ['logits']);
  addCacheOutputs(graph, CACHE, tokenKeys);
  return graph;
}

/** Character-level BPE with SentencePiece's ▁ for spaces, as NLLB's tokenizer.json spells it. */
function tokenizerJson(vocabulary: readonly string[], family: Family): object {
  const special = new Set([...SPECIALS, ...family.languageTokens, '<mask>']);
  const token = (id: string): object => ({ SpecialToken: { id, type_id: 0 } });
  const sequence = (id: string): object => ({ Sequence: { id, type_id: 0 } });
  const prefix = family.sourcePrefix ? [token(family.sourcePrefix)] : [];
  const specialTokens = [...(family.sourcePrefix ? [family.sourcePrefix] : []), '</s>'].map((id): [string, object] => [
    id,
    { id, ids: [vocabulary.indexOf(id)], tokens: [id] },
  ]);
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: vocabulary.flatMap((content, id) =>
      special.has(content)
        ? [{ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true }]
        : [],
    ),
    normalizer: null,
    pre_tokenizer: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
    post_processor: {
      type: 'TemplateProcessing',
      single: [...prefix, sequence('A'), token('</s>')],
      pair: [...prefix, sequence('A'), sequence('B'), token('</s>')],
      special_tokens: Object.fromEntries(specialTokens),
    },
    decoder: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: '<unk>',
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: true,
      byte_fallback: false,
      vocab: Object.fromEntries(vocabulary.map((token, id) => [token, id])),
      merges: [],
    },
  };
}
