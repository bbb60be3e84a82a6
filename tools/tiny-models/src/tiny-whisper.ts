import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addCacheInputs, addCacheOutputs, addCachePositions, type CacheShape } from './merged-decoder-cache.js';
import { FLOAT, INT64, OnnxGraph, seededRandom } from './onnx-graph.js';
import { writeJson } from './write-json.js';

/** Whisper's log-mel front end: 80 bands, 100 frames a second, 30-second windows. */
const MEL_BANDS = 80;
const MEL_FRAMES = 3000;
const ENCODER_POSITIONS = 1500;
const HEADS = 2;
const HEAD_SIZE = MEL_BANDS / HEADS;
const DECODER_LAYERS = 2;
/** Decoder positions the tiny model knows (generation stops before). */
const POSITIONS = 64;
const TIMESTAMPS = 1501;
const CACHE: CacheShape = { layers: DECODER_LAYERS, heads: HEADS, headSize: HEAD_SIZE, positions: POSITIONS };

/** Words the tiny model can say (byte-level BPE tokens, Ġ = a leading space). */
const WORDS = [
  'Ġhello',
  'Ġworld',
  'Ġwelcome',
  'Ġback',
  'Ġto',
  'Ġthe',
  'Ġchannel',
  'Ġtoday',
  'Ġwe',
  'Ġlook',
  'Ġat',
  'Ġsound',
  'Ġand',
  'Ġvoice',
  'Ġfriends',
  '.',
];
/** Whisper language codes in the tiny model; band group i of the mel spectrum votes for language i. */
const LANGUAGES = ['en', 'zh', 'de', 'es', 'ru', 'ko', 'fr', 'ja', 'it', 'el', 'nl', 'pt'];
const BANDS_PER_LANGUAGE = 6;
/** Text tokens said before the closing timestamp and end of text. */
const TEXT_TOKENS = 8;
/** The forced prefix <|startoftranscript|> <|lang|> <|transcribe|> then <|0.00|>: text starts at position 4. */
const LAST_TEXT_POSITION = 3 + TEXT_TOKENS;
/** The closing timestamp the tiny model says (1.00 s). */
const CLOSING_TIMESTAMP = 50;

export interface TinyWhisperOptions {
  /** Whether the model has a <|yue|> token, as large-v3 and turbo do (tiny/base/small do not). */
  cantonese?: boolean;
  seed?: number;
  /**
   * Whether the decoder returns `cross_attentions.*` (default true), as the `_timestamped`
   * exports do; the plain onnx-community/whisper-* exports do not, and transformers.js cannot
   * give word timestamps from them.
   */
  crossAttentions?: boolean;
  /**
   * Where the attention of the tokens after the last word goes (an encoder frame, 20 ms each)
   * instead of following the words: the last word then lasts until there (transformers.js ends
   * a word where the next token starts). A frame far off gives the run-away word times reported
   * for large-v3-turbo_timestamped (a last word lasting tens of seconds).
   */
  lastWordFrame?: number;
}

interface Vocabulary {
  size: number;
  eot: number;
  sot: number;
  languages: Record<string, number>;
  translate: number;
  transcribe: number;
  startOfPrevious: number;
  noTimestamps: number;
  timestampBegin: number;
}

/**
 * A tiny random-weight Whisper in the layout transformers.js loads (encoder + merged decoder
 * with a KV cache and cross-attentions, the five JSON files). Its behaviour is rigged so the
 * production decoding path runs end to end: the language scores after <|startoftranscript|>
 * follow the loudest mel band group (a tone picks a language), text tokens depend on the
 * audio, a closing timestamp and end of text come after eight words. Nothing about quality.
 */
export async function writeTinyWhisper(folder: string, options: TinyWhisperOptions = {}): Promise<void> {
  const languages = options.cantonese ? [...LANGUAGES, 'yue'] : LANGUAGES;
  const vocabulary = vocabularyFor(languages);
  const random = seededRandom(options.seed ?? 11);
  await mkdir(join(folder, 'onnx'), { recursive: true });
  await writeFile(join(folder, 'onnx', 'encoder_model_quantized.onnx'), encoderGraph().toBytes());
  await writeFile(
    join(folder, 'onnx', 'decoder_model_merged_quantized.onnx'),
    decoderGraph(vocabulary, languages, random, options).toBytes(),
  );
  await writeJson(join(folder, 'config.json'), modelConfig(vocabulary));
  await writeJson(join(folder, 'generation_config.json'), generationConfig(vocabulary));
  await writeJson(join(folder, 'preprocessor_config.json'), PREPROCESSOR);
  await writeJson(join(folder, 'tokenizer.json'), tokenizerJson(vocabulary));
  await writeJson(join(folder, 'tokenizer_config.json'), {
    tokenizer_class: 'WhisperTokenizer',
    bos_token: '<|endoftext|>',
    eos_token: '<|endoftext|>',
    unk_token: '<|endoftext|>',
    pad_token: '<|endoftext|>',
    model_max_length: 1024,
  });
}

/** The tone (Hz) whose mel band group makes the tiny model detect a language (Slaney mel scale, as Whisper's). */
export function tinyWhisperToneFor(whisperCode: string): number {
  const index = [...LANGUAGES, 'yue'].indexOf(whisperCode);
  if (index < 0) throw new Error(`The tiny Whisper has no language "${whisperCode}".`);
  const band = index * BANDS_PER_LANGUAGE + BANDS_PER_LANGUAGE / 2;
  const maxMel = hertzToMel(8000);
  return melToHertz(((band + 1) * maxMel) / (MEL_BANDS + 1));
}

function vocabularyFor(languages: readonly string[]): Vocabulary {
  const eot = WORDS.length;
  const sot = eot + 1;
  const languageIds = Object.fromEntries(languages.map((code, i) => [code, sot + 1 + i]));
  const translate = sot + 1 + languages.length;
  const noTimestamps = translate + 5;
  return {
    size: noTimestamps + 1 + TIMESTAMPS,
    eot,
    sot,
    languages: languageIds,
    translate,
    transcribe: translate + 1,
    startOfPrevious: translate + 3,
    noTimestamps,
    timestampBegin: noTimestamps + 1,
  };
}

/** Mel frames in pairs -> 1500 positions whose features are the two frames' mean bands. */
function encoderGraph(): OnnxGraph {
  const pairMean = new Float32Array(2 * MEL_BANDS * MEL_BANDS);
  for (let band = 0; band < MEL_BANDS; band++) {
    pairMean[band * MEL_BANDS + band] = 0.5;
    pairMean[(MEL_BANDS + band) * MEL_BANDS + band] = 0.5;
  }
  return new OnnxGraph('tiny_whisper_encoder')
    .input('input_features', FLOAT, ['batch_size', MEL_BANDS, MEL_FRAMES])
    .output('last_hidden_state', FLOAT, ['batch_size', ENCODER_POSITIONS, MEL_BANDS])
    .ints('pairs_shape', [3], [0, ENCODER_POSITIONS, 2 * MEL_BANDS])
    .floats('pair_mean', [2 * MEL_BANDS, MEL_BANDS], pairMean)
    .node('Transpose', ['input_features'], ['frames_first'], { perm: [0, 2, 1] })
    .node('Reshape', ['frames_first', 'pairs_shape'], ['frame_pairs'])
    .node('MatMul', ['frame_pairs', 'pair_mean'], ['last_hidden_state']);
}

/** Token classes that decide what may follow a token. */
const enum TokenClass {
  Text,
  StartOfTranscript,
  Language,
  Task,
  NoTimestamps,
  FirstTimestamp,
  LaterTimestamp,
  Other,
}
const CLASSES = 8;
const BLOCKED = -30;

function decoderGraph(
  vocabulary: Vocabulary,
  languages: readonly string[],
  random: () => number,
  options: TinyWhisperOptions,
): OnnxGraph {
  const { size } = vocabulary;
  const graph = new OnnxGraph('tiny_whisper_decoder')
    .input('input_ids', INT64, ['batch_size', 'decoder_sequence_length'])
    .input('encoder_hidden_states', FLOAT, ['batch_size', 'encoder_sequence_length', MEL_BANDS]);
  addCacheInputs(graph, CACHE);
  graph.output('logits', FLOAT, ['batch_size', 'decoder_sequence_length', size]);
  // Drawn in this order so a seed gives the same model as before the cache helper existed.
  const positionScores = positionLogits(vocabulary, random);
  const audioScores = audioWeights(vocabulary, languages, random);
  const tokenKeys = Float32Array.from({ length: size * MEL_BANDS }, () => random() - 0.5);
  addCachePositions(graph, CACHE);

  graph
    .floats('class_of_token', [size, CLASSES], classOneHot(vocabulary))
    .floats('class_logits', [CLASSES, size], classLogits(vocabulary))
    .floats('position_logits', [POSITIONS, size], positionScores)
    .floats('audio_logits_weights', [MEL_BANDS, size], audioScores)
    .floats(
      'encoder_frames',
      [1, ENCODER_POSITIONS],
      Float32Array.from({ length: ENCODER_POSITIONS }, (_, i) => i),
    )
    .floats('first_text_position', [], Float32Array.of(3))
    .floats('frames_per_token', [], Float32Array.of(8))
    .floats('last_text_index', [], Float32Array.of(TEXT_TOKENS + 0.5))
    .floats(
      'last_word_jump',
      [],
      Float32Array.of(options.lastWordFrame === undefined ? 0 : options.lastWordFrame - 8 * (TEXT_TOKENS + 1)),
    )
    // A broad attention when a word runs away, so no frame is zero for every token (DTW normalises per frame).
    .floats('attention_sharpness', [], Float32Array.of(options.lastWordFrame === undefined ? -0.05 : -0.0005))
    .ints('axis_one', [1], [1])
    .ints('heads', [1], [HEADS])
    .ints('encoder_positions', [1], [ENCODER_POSITIONS])
    // logits = rule for the previous token's class + rule for the position + what the audio says.
    .node('Gather', ['class_of_token', 'input_ids'], ['token_classes'], { axis: 0 })
    .node('MatMul', ['token_classes', 'class_logits'], ['class_scores'])
    .node('Gather', ['position_logits', 'table_positions'], ['position_scores'], { axis: 0 })
    .node('ReduceMax', ['encoder_hidden_states'], ['loudest_bands'], { axes: [1], keepdims: 1 })
    .node('MatMul', ['loudest_bands', 'audio_logits_weights'], ['audio_scores'])
    .node('Add', ['class_scores', 'position_scores'], ['rule_scores'])
    .node('Add', ['rule_scores', 'audio_scores'], ['logits'])
    // Cross-attention: token at position p looks around encoder frame 8 * (p - 3).
    .node('Cast', ['positions'], ['positions_float'], { to: FLOAT })
    .node('Sub', ['positions_float', 'first_text_position'], ['text_index'])
    .node('Mul', ['text_index', 'frames_per_token'], ['regular_centre'])
    .node('Greater', ['text_index', 'last_text_index'], ['after_last_word'])
    .node('Cast', ['after_last_word'], ['after_last_word_float'], { to: FLOAT })
    .node('Mul', ['after_last_word_float', 'last_word_jump'], ['centre_jump'])
    .node('Add', ['regular_centre', 'centre_jump'], ['attention_centre'])
    .node('Unsqueeze', ['attention_centre', 'axis_one'], ['attention_centre_column'])
    .node('Sub', ['encoder_frames', 'attention_centre_column'], ['frame_distance'])
    .node('Mul', ['frame_distance', 'frame_distance'], ['frame_distance_squared'])
    .node('Mul', ['frame_distance_squared', 'attention_sharpness'], ['attention_scores'])
    .node('Softmax', ['attention_scores'], ['attention_one_head'], { axis: -1 })
    .node('Gather', ['ids_shape', 'axis_zero'], ['batch_1d'], { axis: 0 })
    .node('Gather', ['ids_shape', 'axis_one'], ['sequence_1d'], { axis: 0 })
    .node('Concat', ['batch_1d', 'heads', 'sequence_1d', 'encoder_positions'], ['attention_shape'], { axis: 0 })
    .node('Expand', ['attention_one_head', 'attention_shape'], ['attention']);

  addCacheOutputs(graph, CACHE, tokenKeys);
  // Without the outputs the attention nodes are left unused; ONNX Runtime drops them.
  if (options.crossAttentions === false) return graph;
  for (let layer = 0; layer < DECODER_LAYERS; layer++) {
    graph
      .output(`cross_attentions.${layer}`, FLOAT, ['batch_size', HEADS, 'decoder_sequence_length', ENCODER_POSITIONS])
      .node('Identity', ['attention'], [`cross_attentions.${layer}`]);
  }
  return graph;
}

function classOf(token: number, vocabulary: Vocabulary): TokenClass {
  if (token < vocabulary.eot) return TokenClass.Text;
  if (token === vocabulary.sot) return TokenClass.StartOfTranscript;
  if (Object.values(vocabulary.languages).includes(token)) return TokenClass.Language;
  if (token === vocabulary.transcribe || token === vocabulary.translate) return TokenClass.Task;
  if (token === vocabulary.noTimestamps) return TokenClass.NoTimestamps;
  if (token === vocabulary.timestampBegin) return TokenClass.FirstTimestamp;
  if (token > vocabulary.timestampBegin) return TokenClass.LaterTimestamp;
  return TokenClass.Other;
}

function classOneHot(vocabulary: Vocabulary): Float32Array {
  const table = new Float32Array(vocabulary.size * CLASSES);
  for (let token = 0; token < vocabulary.size; token++) table[token * CLASSES + classOf(token, vocabulary)] = 1;
  return table;
}

/** What may follow each class of token (row = class of the previous token). */
function classLogits(vocabulary: Vocabulary): Float32Array {
  const { size } = vocabulary;
  const table = new Float32Array(CLASSES * size).fill(BLOCKED);
  const row = (tokenClass: TokenClass): Float32Array => table.subarray(tokenClass * size, (tokenClass + 1) * size);
  row(TokenClass.Text).fill(0, 0, vocabulary.eot);
  row(TokenClass.FirstTimestamp).fill(0, 0, vocabulary.eot);
  row(TokenClass.NoTimestamps).fill(0, 0, vocabulary.eot);
  for (const id of Object.values(vocabulary.languages)) row(TokenClass.StartOfTranscript)[id] = 0;
  row(TokenClass.Language)[vocabulary.transcribe] = 10;
  row(TokenClass.Task)[vocabulary.timestampBegin] = 10;
  row(TokenClass.LaterTimestamp)[vocabulary.eot] = 30;
  row(TokenClass.Other)[vocabulary.eot] = 10;
  return table;
}

/** Text varies with the position; after the last word a closing timestamp, then end of text. */
function positionLogits(vocabulary: Vocabulary, random: () => number): Float32Array {
  const { size, eot } = vocabulary;
  const table = new Float32Array(POSITIONS * size);
  for (let position = 0; position < POSITIONS; position++) {
    const row = table.subarray(position * size, (position + 1) * size);
    if (position < LAST_TEXT_POSITION) {
      for (let token = 0; token < eot; token++) row[token] = (random() - 0.5) * 6;
    } else {
      row.fill(-60, 0, eot);
      row[vocabulary.timestampBegin + CLOSING_TIMESTAMP] = 40;
      row[eot] = 39;
    }
  }
  return table;
}

/** Loudest value of each mel band -> language scores (by band group) and a nudge to the words. */
function audioWeights(vocabulary: Vocabulary, languages: readonly string[], random: () => number): Float32Array {
  const { size } = vocabulary;
  const weights = new Float32Array(MEL_BANDS * size);
  for (let band = 0; band < MEL_BANDS; band++) {
    for (let token = 0; token < vocabulary.eot; token++) weights[band * size + token] = (random() - 0.5) * 0.2;
    const language = languages[Math.floor(band / BANDS_PER_LANGUAGE)];
    const id = language === undefined ? undefined : vocabulary.languages[language];
    if (id !== undefined) weights[band * size + id] = 3;
  }
  return weights;
}

function modelConfig(vocabulary: Vocabulary): object {
  return {
    model_type: 'whisper',
    architectures: ['WhisperForConditionalGeneration'],
    is_encoder_decoder: true,
    d_model: MEL_BANDS,
    encoder_layers: 1,
    decoder_layers: DECODER_LAYERS,
    encoder_attention_heads: HEADS,
    decoder_attention_heads: HEADS,
    num_mel_bins: MEL_BANDS,
    max_source_positions: ENCODER_POSITIONS,
    max_target_positions: POSITIONS,
    vocab_size: vocabulary.size,
    median_filter_width: 7,
    decoder_start_token_id: vocabulary.sot,
    bos_token_id: vocabulary.eot,
    eos_token_id: vocabulary.eot,
    pad_token_id: vocabulary.eot,
  };
}

function generationConfig(vocabulary: Vocabulary): object {
  return {
    alignment_heads: [
      [1, 0],
      [1, 1],
    ],
    begin_suppress_tokens: [vocabulary.eot],
    bos_token_id: vocabulary.eot,
    decoder_start_token_id: vocabulary.sot,
    eos_token_id: vocabulary.eot,
    pad_token_id: vocabulary.eot,
    is_multilingual: true,
    lang_to_id: Object.fromEntries(Object.entries(vocabulary.languages).map(([code, id]) => [`<|${code}|>`, id])),
    task_to_id: { translate: vocabulary.translate, transcribe: vocabulary.transcribe },
    max_initial_timestamp_index: 50,
    max_length: POSITIONS,
    no_timestamps_token_id: vocabulary.noTimestamps,
    prev_sot_token_id: vocabulary.startOfPrevious,
    suppress_tokens: [],
  };
}

const PREPROCESSOR = {
  feature_extractor_type: 'WhisperFeatureExtractor',
  processor_class: 'WhisperProcessor',
  feature_size: MEL_BANDS,
  sampling_rate: 16000,
  hop_length: 160,
  chunk_length: 30,
  n_fft: 400,
  n_samples: 480000,
  nb_max_frames: MEL_FRAMES,
  padding_side: 'right',
  padding_value: 0,
  return_attention_mask: false,
};

/** Byte-level BPE over whole words; specials and timestamps as added tokens, as in Whisper's tokenizer.json. */
function tokenizerJson(vocabulary: Vocabulary): object {
  const vocab = Object.fromEntries(WORDS.map((word, id) => [word, id]));
  const specials: [number, string][] = [
    [vocabulary.eot, '<|endoftext|>'],
    [vocabulary.sot, '<|startoftranscript|>'],
    ...Object.entries(vocabulary.languages).map(([code, id]): [number, string] => [id, `<|${code}|>`]),
    [vocabulary.translate, '<|translate|>'],
    [vocabulary.transcribe, '<|transcribe|>'],
    [vocabulary.translate + 2, '<|startoflm|>'],
    [vocabulary.startOfPrevious, '<|startofprev|>'],
    [vocabulary.translate + 4, '<|nospeech|>'],
    [vocabulary.noTimestamps, '<|notimestamps|>'],
  ];
  const timestamps = Array.from({ length: TIMESTAMPS }, (_, i): [number, string] => [
    vocabulary.timestampBegin + i,
    `<|${(i * 0.02).toFixed(2)}|>`,
  ]);
  const added = (special: boolean) =>
    function ([id, content]: [number, string]): object {
      return { id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special };
    };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [...specials.map(added(true)), ...timestamps.map(added(false))],
    normalizer: null,
    pre_tokenizer: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
    post_processor: null,
    decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: '',
      end_of_word_suffix: '',
      fuse_unk: false,
      byte_fallback: false,
      vocab,
      merges: [],
    },
  };
}

function hertzToMel(hertz: number): number {
  return hertz < 1000 ? (3 * hertz) / 200 : 15 + (27 * Math.log(hertz / 1000)) / Math.log(6.4);
}

function melToHertz(mel: number): number {
  return mel < 15 ? (200 * mel) / 3 : 1000 * Math.exp(((mel - 15) * Math.log(6.4)) / 27);
}
