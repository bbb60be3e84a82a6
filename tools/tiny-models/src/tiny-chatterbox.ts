import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FLOAT, FLOAT16, INT64, OnnxGraph, seededRandom } from './onnx-graph.js';
import { writeJson } from './write-json.js';

/** Width of the tiny embeddings (the real model's is 1024; the runtime reads it from the graphs). */
const HIDDEN = 16;
/** Columns of an embedding the tiny graphs use as flags and controls; the table leaves them at 0. */
const COLUMN = { text: 0, speech: 1, exaggeration: 2, position: 3 } as const;
/** Speech-token logits: 6561 codes, start and stop of speech, and the rest, as in the real export. */
const SPEECH_VOCABULARY = 8194;
export const TINY_CHATTERBOX_SPEECH = { start: 6561, stop: 6562 } as const;
/** S3 speech tokens run at 25 a second: 960 samples each at 24 kHz. */
const TOKEN_SAMPLES = 960;
const SAMPLE_RATE = 24000;
const SPEAKER_EMBEDDING = 192;
const MEL_BINS = 80;
const LAYERS = 2;
const HEADS = 2;
const HEAD_SIZE = 4;
/** Speech tokens the tiny LM makes per text token before it says stop. */
const TOKENS_PER_TEXT_TOKEN = 2;
/**
 * The tiny voice's "timbre": energy in these bands (multiples of 25 Hz, so each fills a token's
 * 960 samples with whole periods). The speech encoder measures them, the decoder speaks them.
 */
export const TINY_CHATTERBOX_BANDS_HZ = [100, 150, 200, 300, 500, 800, 1500, 3000] as const;
const BANDS = TINY_CHATTERBOX_BANDS_HZ.length;

/** The files of `onnx-community/chatterbox-multilingual-ONNX` the runtime reads (q4f16 language model). */
export const CHATTERBOX_FILES = {
  speechEncoder: 'onnx/speech_encoder.onnx',
  embedTokens: 'onnx/embed_tokens.onnx',
  languageModel: 'onnx/language_model_q4f16.onnx',
  conditionalDecoder: 'onnx/conditional_decoder.onnx',
  tokenizer: 'tokenizer.json',
  tokenizerConfig: 'tokenizer_config.json',
  cangjie: 'Cangjie5_TC.json',
} as const;

/** The language tags Chatterbox Multilingual reads (`[fr]` before the text), all 23. */
const LANGUAGE_TAGS = 'ar da de el en es fi fr he hi it ja ko ms nl no pl pt ru sv sw tr zh'.split(' ');
/** Han characters the tiny Cangjie table knows, with their codes (two share "a" to test the index suffix). */
const TINY_CANGJIE: readonly [string, string][] = [
  ['你', 'onf'],
  ['好', 'vnd'],
  ['日', 'a'],
  ['曰', 'a'],
  ['中', 'l'],
  ['文', 'yk'],
];

/**
 * A tiny Chatterbox Multilingual in the layout of `onnx-community/chatterbox-multilingual-ONNX`:
 * four graphs, each `.onnx` beside its `.onnx_data` (external data, as the real ones are), with the
 * real inputs and outputs: the speech encoder (audio_values -> audio_features, audio_tokens,
 * speaker_embeddings, speaker_features), the token embedder (input_ids, position_ids,
 * exaggeration), the language model in float16 with its KV cache (as the q4f16 export), and the
 * conditional decoder (speech_tokens and the speaker -> waveform); a tokenizer with the language
 * tags, [SPACE] and Cangjie tokens, and a Cangjie table. What it does is crude but real: the
 * encoder measures the reference's energy in eight bands, the language model counts the text
 * rows in its cache and says stop after two speech tokens per text token, and the decoder speaks
 * the reference's bands as tones for the tokens made after the prompt. It says nothing about how a
 * real clone sounds.
 */
export async function writeTinyChatterbox(folder: string, seed = 43): Promise<void> {
  const random = seededRandom(seed);
  const vocabulary = tinyVocabulary();
  await mkdir(join(folder, 'onnx'), { recursive: true });
  await writeGraph(folder, CHATTERBOX_FILES.speechEncoder, speechEncoder);
  await writeGraph(folder, CHATTERBOX_FILES.embedTokens, (data) => embedTokens(data, random));
  await writeGraph(folder, CHATTERBOX_FILES.languageModel, languageModel);
  await writeGraph(folder, CHATTERBOX_FILES.conditionalDecoder, conditionalDecoder);
  await writeJson(join(folder, CHATTERBOX_FILES.tokenizer), tokenizerJson(vocabulary));
  await writeJson(join(folder, CHATTERBOX_FILES.tokenizerConfig), {
    tokenizer_class: 'PreTrainedTokenizerFast',
    model_max_length: 1e30,
    unk_token: '[UNK]',
  });
  await writeJson(
    join(folder, CHATTERBOX_FILES.cangjie),
    TINY_CANGJIE.map(([word, code]) => `${word}\t${code}`),
  );
}

async function writeGraph(folder: string, path: string, build: (dataFile: string) => OnnxGraph): Promise<void> {
  const dataFile = `${path.split('/').at(-1)!}_data`;
  const graph = build(dataFile);
  await writeFile(join(folder, path), graph.toBytes());
  await writeFile(join(folder, `${path}_data`), graph.externalBytes());
}

/**
 * audio_values [B, N] at 24 kHz -> band energies per 960-sample frame: audio_features [B, F, H]
 * (the bands in columns 4-11), audio_tokens [B, F] (the loudest band), speaker_embeddings
 * [B, 192] (mean band energies first) and speaker_features [B, 2F, 80] (the prompt's "mel").
 */
function speechEncoder(dataFile: string): OnnxGraph {
  const kernels = new Float32Array(BANDS * TOKEN_SAMPLES);
  for (const [band, hz] of TINY_CHATTERBOX_BANDS_HZ.entries()) {
    for (let n = 0; n < TOKEN_SAMPLES; n++) {
      const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / TOKEN_SAMPLES);
      kernels[band * TOKEN_SAMPLES + n] = (hann * Math.cos((2 * Math.PI * hz * n) / SAMPLE_RATE)) / TOKEN_SAMPLES;
    }
  }
  const toFeatures = placeBands(HIDDEN, 4);
  const toSpeaker = placeBands(SPEAKER_EMBEDDING, 0);
  const toMel = placeBands(MEL_BINS, 0);
  return new OnnxGraph('tiny_chatterbox_speech_encoder', dataFile)
    .input('audio_values', FLOAT, ['batch_size', 'num_samples'])
    .output('audio_features', FLOAT, ['batch_size', 'feature_length', HIDDEN])
    .output('audio_tokens', INT64, ['batch_size', 'audio_length'])
    .output('speaker_embeddings', FLOAT, ['batch_size', SPEAKER_EMBEDDING])
    .output('speaker_features', FLOAT, ['batch_size', 'speaker_feature_length', MEL_BINS])
    .floats('kernels', [BANDS, 1, TOKEN_SAMPLES], kernels, true)
    .floats('to_features', [BANDS, HIDDEN], toFeatures)
    .floats('to_speaker', [BANDS, SPEAKER_EMBEDDING], toSpeaker)
    .floats('to_mel', [BANDS, MEL_BINS], toMel)
    .ints('channel_axis', [1], [1])
    .node('Unsqueeze', ['audio_values', 'channel_axis'], ['audio'])
    .node('Conv', ['audio', 'kernels'], ['bands'], { strides: [TOKEN_SAMPLES], kernel_shape: [TOKEN_SAMPLES] })
    .node('Abs', ['bands'], ['energies'])
    .node('Transpose', ['energies'], ['frames'], { perm: [0, 2, 1] })
    .node('MatMul', ['frames', 'to_features'], ['audio_features'])
    .node('ArgMax', ['frames'], ['audio_tokens'], { axis: 2, keepdims: 0 })
    .node('ReduceMean', ['frames'], ['mean_bands'], { axes: [1], keepdims: 0 })
    .node('MatMul', ['mean_bands', 'to_speaker'], ['speaker_embeddings'])
    .node('MatMul', ['frames', 'to_mel'], ['mel_frames'])
    .node('Concat', ['mel_frames', 'mel_frames'], ['speaker_features'], { axis: 1 });
}

/**
 * input_ids [B, S], position_ids [B, S], exaggeration [B] -> inputs_embeds [B, S, H]: a table row
 * per id, plus flags the tiny language model counts: "text" on the rows of a prompt (more than
 * one row) below the start of speech, "speech" on a single generated row.
 */
function embedTokens(dataFile: string, random: () => number): OnnxGraph {
  const table = new Float32Array(SPEECH_VOCABULARY * HIDDEN);
  for (let row = 0; row < SPEECH_VOCABULARY; row++)
    for (let column = 4; column < HIDDEN; column++) table[row * HIDDEN + column] = (random() - 0.5) * 0.1;
  return new OnnxGraph('tiny_chatterbox_embed_tokens', dataFile)
    .input('input_ids', INT64, ['batch_size', 'sequence_length'])
    .input('position_ids', INT64, ['batch_size', 'sequence_length'])
    .input('exaggeration', FLOAT, ['batch_size'])
    .output('inputs_embeds', FLOAT, ['batch_size', 'sequence_length', HIDDEN])
    .floats('table', [SPEECH_VOCABULARY, HIDDEN], table, true)
    .floats('text_column', [HIDDEN], unit(COLUMN.text))
    .floats('speech_column', [HIDDEN], unit(COLUMN.speech))
    .floats('exaggeration_column', [HIDDEN], unit(COLUMN.exaggeration))
    .floats('position_column', [HIDDEN], unit(COLUMN.position))
    .floats('one', [], Float32Array.of(1))
    .floats('position_scale', [], Float32Array.of(0.001))
    .ints('start_of_speech', [], [TINY_CHATTERBOX_SPEECH.start])
    .ints('one_int', [], [1])
    .ints('last_axis', [1], [-1])
    .ints('exaggeration_shape', [3], [-1, 1, 1])
    .node('Gather', ['table', 'input_ids'], ['rows'], { axis: 0 })
    .node('Less', ['input_ids', 'start_of_speech'], ['below_start'])
    .node('Cast', ['below_start'], ['is_token'], { to: FLOAT })
    .node('Shape', ['input_ids'], ['ids_shape'])
    .node('Gather', ['ids_shape', 'one_int'], ['sequence_length'], { axis: 0 })
    .node('Greater', ['sequence_length', 'one_int'], ['is_prompt_bool'])
    .node('Cast', ['is_prompt_bool'], ['is_prompt'], { to: FLOAT })
    .node('Sub', ['one', 'is_prompt'], ['is_step'])
    .node('Mul', ['is_token', 'is_prompt'], ['text_flag'])
    .node('Mul', ['is_token', 'is_step'], ['speech_flag'])
    .node('Unsqueeze', ['text_flag', 'last_axis'], ['text_flag_3d'])
    .node('Mul', ['text_flag_3d', 'text_column'], ['text_part'])
    .node('Unsqueeze', ['speech_flag', 'last_axis'], ['speech_flag_3d'])
    .node('Mul', ['speech_flag_3d', 'speech_column'], ['speech_part'])
    .node('Reshape', ['exaggeration', 'exaggeration_shape'], ['exaggeration_3d'])
    .node('Mul', ['exaggeration_3d', 'exaggeration_column'], ['exaggeration_part'])
    .node('Cast', ['position_ids'], ['positions'], { to: FLOAT })
    .node('Mul', ['positions', 'position_scale'], ['positions_scaled'])
    .node('Unsqueeze', ['positions_scaled', 'last_axis'], ['positions_3d'])
    .node('Mul', ['positions_3d', 'position_column'], ['position_part'])
    .node('Add', ['rows', 'text_part'], ['with_text'])
    .node('Add', ['with_text', 'speech_part'], ['with_speech'])
    .node('Add', ['with_speech', 'exaggeration_part'], ['with_exaggeration'])
    .node('Add', ['with_exaggeration', 'position_part'], ['inputs_embeds']);
}

/**
 * The T3 backbone's interface in float16 (as `language_model_q4f16.onnx`): inputs_embeds,
 * attention_mask, position_ids and `past_key_values.{layer}.{key|value}` [B, 2, past, 4] ->
 * logits [B, S, 8194] and `present.*`. Each row's text and speech flags go into its keys, so the
 * cache counts the text rows T and the speech rows made so far; the stop logit wins once 2T
 * speech tokens are made. Before that a few speech codes lead, so the runtime's repetition
 * penalty walks between them.
 */
function languageModel(dataFile: string): OnnxGraph {
  const toKeys = new Float32Array(HIDDEN * HEADS * HEAD_SIZE);
  toKeys[COLUMN.text * HEADS * HEAD_SIZE + 0] = 1;
  toKeys[COLUMN.speech * HEADS * HEAD_SIZE + 1] = 1;
  const base = new Float32Array(SPEECH_VOCABULARY).fill(-10);
  for (let k = 0; k < 8; k++) base[100 + k] = 5 - 0.1 * k;
  const stopColumn = new Float32Array(SPEECH_VOCABULARY);
  stopColumn[TINY_CHATTERBOX_SPEECH.stop] = 1;
  const graph = new OnnxGraph('tiny_chatterbox_language_model', dataFile)
    .input('inputs_embeds', FLOAT16, ['batch_size', 'sequence_length', HIDDEN])
    .input('attention_mask', INT64, ['batch_size', 'total_sequence_length'])
    .input('position_ids', INT64, ['batch_size', 'sequence_length']);
  for (let layer = 0; layer < LAYERS; layer++)
    for (const kind of ['key', 'value'])
      graph.input(`past_key_values.${layer}.${kind}`, FLOAT16, [
        'batch_size',
        HEADS,
        'past_sequence_length',
        HEAD_SIZE,
      ]);
  graph
    .output('logits', FLOAT16, ['batch_size', 'sequence_length', SPEECH_VOCABULARY])
    .floats('to_keys', [HIDDEN, HEADS * HEAD_SIZE], toKeys, true)
    .floats('base_logits', [SPEECH_VOCABULARY], base, true)
    .floats('stop_column', [SPEECH_VOCABULARY], stopColumn, true)
    .floats('stop_gain', [], Float32Array.of(10))
    .floats('stop_offset', [], Float32Array.of(5.5 + 10))
    .floats('tokens_per_text', [], Float32Array.of(TOKENS_PER_TEXT_TOKEN))
    .floats('nothing', [], Float32Array.of(0))
    .ints('heads_shape', [4], [0, 0, HEADS, HEAD_SIZE])
    .ints('zero', [], [0])
    .ints('one', [], [1])
    .ints('time_axis', [1], [1])
    .ints('middle_axis', [1], [1])
    .ints('vocabulary', [1], [SPEECH_VOCABULARY])
    .ints('two_dims_start', [1], [0])
    .ints('two_dims_end', [1], [2])
    .node('Cast', ['inputs_embeds'], ['embeds'], { to: FLOAT })
    .node('MatMul', ['embeds', 'to_keys'], ['new_keys_flat'])
    .node('Reshape', ['new_keys_flat', 'heads_shape'], ['new_keys_split'])
    .node('Transpose', ['new_keys_split'], ['new_keys_float'], { perm: [0, 2, 1, 3] })
    .node('Cast', ['new_keys_float'], ['new_keys'], { to: FLOAT16 });
  for (let layer = 0; layer < LAYERS; layer++)
    for (const kind of ['key', 'value']) {
      const present = `present.${layer}.${kind}`;
      graph
        .output(present, FLOAT16, ['batch_size', HEADS, 'total_sequence_length', HEAD_SIZE])
        .node('Concat', [`past_key_values.${layer}.${kind}`, 'new_keys'], [present], { axis: 2 });
    }
  return (
    graph
      // Counts over the whole cache: head 0's first key column is text, its second speech.
      .node('Cast', ['present.0.key'], ['cache'], { to: FLOAT })
      .node('Gather', ['cache', 'zero'], ['head_zero'], { axis: 1 })
      .node('ReduceSum', ['head_zero', 'time_axis'], ['column_sums'], { keepdims: 0 })
      .node('Gather', ['column_sums', 'zero'], ['text_rows'], { axis: 1 })
      .node('Gather', ['column_sums', 'one'], ['speech_rows'], { axis: 1 })
      .node('Mul', ['text_rows', 'tokens_per_text'], ['speech_wanted'])
      .node('Sub', ['speech_rows', 'speech_wanted'], ['speech_over'])
      .node('Mul', ['speech_over', 'stop_gain'], ['stop_scaled'])
      .node('Add', ['stop_scaled', 'stop_offset'], ['stop_raise'])
      // The mask and positions are read (as the real model reads them) but change nothing here.
      .node('ReduceSum', ['attention_mask', 'time_axis'], ['mask_total'], { keepdims: 0 })
      .node('ReduceSum', ['position_ids', 'time_axis'], ['position_total'], { keepdims: 0 })
      .node('Add', ['mask_total', 'position_total'], ['read_total'])
      .node('Cast', ['read_total'], ['read_float'], { to: FLOAT })
      .node('Mul', ['read_float', 'nothing'], ['read_nothing'])
      .node('Add', ['stop_raise', 'read_nothing'], ['stop_logit'])
      .node('Unsqueeze', ['stop_logit', 'middle_axis'], ['stop_logit_2d'])
      .node('Mul', ['stop_logit_2d', 'stop_column'], ['stop_part'])
      .node('Add', ['stop_part', 'base_logits'], ['row_logits'])
      .node('Unsqueeze', ['row_logits', 'middle_axis'], ['row_logits_3d'])
      .node('Shape', ['inputs_embeds'], ['embeds_shape'])
      .node('Slice', ['embeds_shape', 'two_dims_start', 'two_dims_end'], ['batch_and_length'])
      .node('Concat', ['batch_and_length', 'vocabulary'], ['logits_shape'], { axis: 0 })
      .node('Expand', ['row_logits_3d', 'logits_shape'], ['logits_float'])
      .node('Cast', ['logits_float'], ['logits'], { to: FLOAT16 })
  );
}

/**
 * speech_tokens [B, N] (the prompt's tokens, then the new ones), speaker_embeddings [B, 192],
 * speaker_features [B, 2P, 80] -> waveform [B, (N - P) * 960] at 24 kHz: the new tokens only, each
 * a frame of the speaker's bands as tones.
 */
function conditionalDecoder(dataFile: string): OnnxGraph {
  const tones = new Float32Array(BANDS * TOKEN_SAMPLES);
  for (const [band, hz] of TINY_CHATTERBOX_BANDS_HZ.entries())
    for (let n = 0; n < TOKEN_SAMPLES; n++)
      tones[band * TOKEN_SAMPLES + n] = 0.3 * Math.sin((2 * Math.PI * hz * n) / SAMPLE_RATE);
  return new OnnxGraph('tiny_chatterbox_conditional_decoder', dataFile)
    .input('speech_tokens', INT64, ['batch_size', 'num_speech_tokens'])
    .input('speaker_embeddings', FLOAT, ['batch_size', SPEAKER_EMBEDDING])
    .input('speaker_features', FLOAT, ['batch_size', 'feature_dim', MEL_BINS])
    .output('waveform', FLOAT, ['batch_size', 'num_samples'])
    .floats('tones', [BANDS, TOKEN_SAMPLES], tones, true)
    .floats('tiny', [], Float32Array.of(1e-6))
    .floats('nothing', [], Float32Array.of(0))
    .ints('zero', [1], [0])
    .ints('one', [1], [1])
    .ints('two', [1], [2])
    .ints('bands', [1], [BANDS])
    .ints('axis_one', [1], [1])
    .node('Slice', ['speaker_embeddings', 'zero', 'bands', 'one'], ['band_energies'])
    .node('ReduceSum', ['band_energies', 'axis_one'], ['band_total'], { keepdims: 1 })
    .node('Add', ['band_total', 'tiny'], ['band_total_safe'])
    .node('Div', ['band_energies', 'band_total_safe'], ['band_weights'])
    .node('MatMul', ['band_weights', 'tones'], ['frame'])
    .node('Shape', ['speech_tokens'], ['tokens_shape'])
    .node('Slice', ['tokens_shape', 'one', 'two'], ['token_count'])
    .node('Shape', ['speaker_features'], ['features_shape'])
    .node('Slice', ['features_shape', 'one', 'two'], ['feature_count'])
    .node('Div', ['feature_count', 'two'], ['prompt_count'])
    .node('Sub', ['token_count', 'prompt_count'], ['new_count'])
    .node('Concat', ['one', 'new_count'], ['repeats'], { axis: 0 })
    .node('Tile', ['frame', 'repeats'], ['tiled'])
    .node('ReduceSum', ['speech_tokens', 'axis_one'], ['token_total'], { keepdims: 1 })
    .node('Cast', ['token_total'], ['token_total_float'], { to: FLOAT })
    .node('Mul', ['token_total_float', 'nothing'], ['tokens_read'])
    .node('Add', ['tiled', 'tokens_read'], ['waveform']);
}

/** A matrix [BANDS, width] that puts band k in column `from + k`. */
function placeBands(width: number, from: number): Float32Array {
  const matrix = new Float32Array(BANDS * width);
  for (let band = 0; band < BANDS; band++) matrix[band * width + from + band] = 1;
  return matrix;
}

function unit(column: number): Float32Array {
  const vector = new Float32Array(HIDDEN);
  vector[column] = 1;
  return vector;
}

/**
 * Special tokens, the language tags, Cangjie code letters, then single characters: lower-case
 * Latin, combining accents (text is NFKD), Greek, Cyrillic, kana, Hangul jamo, digits and marks.
 */
function tinyVocabulary(): string[] {
  const range = (from: number, to: number): string[] =>
    Array.from({ length: to - from + 1 }, (_, k) => String.fromCodePoint(from + k));
  return [
    '[STOP]',
    '[UNK]',
    '[SPACE]',
    '[START]',
    ...LANGUAGE_TAGS.map((tag) => `[${tag}]`),
    ...[...'abcdefghijklmnopqrstuvwxyz.'].map((letter) => `[cj_${letter}]`),
    ...range(0x61, 0x7a),
    ...range(0x30, 0x39),
    ...[...'.,!?\'-:;"()'],
    ...range(0x300, 0x36f),
    ...range(0x3b1, 0x3c9),
    ...range(0x430, 0x44f),
    ...range(0x3041, 0x3096),
    ...range(0x3099, 0x309c),
    ...range(0x30a1, 0x30fa),
    ...range(0x1100, 0x11ff),
  ];
}

/** Character-level, with [START] before the text and [STOP] and the start of speech after it. */
function tokenizerJson(vocabulary: readonly string[]): object {
  const special = (content: string, id: number): object => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const specials = vocabulary.flatMap((content, id) => (content.startsWith('[') ? [special(content, id)] : []));
  const token = (id: string): object => ({ SpecialToken: { id, type_id: 0 } });
  const template = [token('[START]'), { Sequence: { id: 'A', type_id: 0 } }, token('[STOP]'), token('<|speech|>')];
  const entry = (id: string, ids: number[]): [string, object] => [id, { id, ids, tokens: [id] }];
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [...specials, special('<|speech|>', TINY_CHATTERBOX_SPEECH.start)],
    normalizer: null,
    pre_tokenizer: { type: 'Split', pattern: { Regex: '' }, behavior: 'Isolated', invert: false },
    post_processor: {
      type: 'TemplateProcessing',
      single: template,
      pair: template,
      special_tokens: Object.fromEntries([
        entry('[START]', [vocabulary.indexOf('[START]')]),
        entry('[STOP]', [vocabulary.indexOf('[STOP]')]),
        entry('<|speech|>', [TINY_CHATTERBOX_SPEECH.start]),
      ]),
    },
    decoder: null,
    model: {
      type: 'WordLevel',
      vocab: Object.fromEntries(vocabulary.map((symbol, id) => [symbol, id])),
      unk_token: '[UNK]',
    },
  };
}
