import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FLOAT, INT64, OnnxGraph } from './onnx-graph.js';

/** Mel bins of sherpa-onnx's 80-bin fbank (20-7600 Hz) around the two "words": ~200-800 Hz and ~1800-3700 Hz. */
const LOW_BAND = [6, 23] as const;
const HIGH_BAND = [40, 59] as const;
/** The tones the tiny model hears as its two words (inside the bands above). */
export const TINY_ZIPFORMER_TONES_HZ = { low: 400, high: 2500 } as const;
/** Log-mel level a band must reach, and how far it must stand above the other band, to be heard. */
const LEVEL = -2;
const MARGIN = 3;

/**
 * The geometry of icefall's streaming Zipformer2 exports (chunk 16, 50 Hz after the front end):
 * a chunk of `T` fbank frames in (the 32 it decodes plus 13 of right context), 8 encoder frames
 * out (4 fbank frames each: sherpa-onnx times tokens at 40 ms). The layer sizes are tiny.
 */
const T = 45;
const DECODE_CHUNK_LEN = 32;
const FEATURE_DIM = 80;
const OUT_FRAMES = DECODE_CHUNK_LEN / 4;
const ENCODER_DIM = 16;
const NUM_HEADS = 2;
const QUERY_HEAD_DIM = 4;
const VALUE_HEAD_DIM = 4;
const CNN_KERNEL = 3;
const LEFT_CONTEXT = 4;
/** After the convolutional front end: ((80 - 1) / 2 - 1) / 2. */
const EMBED_DIM = 19;
const JOINER_DIM = 4;
const CONTEXT_SIZE = 2;
const WORD_SCORE = 12;
const BLANK_SCORE = 6;

/** The tokens: blank, sos/eos, unk, then "▁LOW" and "▁HIGH" spelt as two pieces, as BPE would. */
const TOKENS = ['<blk>', '<sos/eos>', '<unk>', '▁LOW', '▁HI', 'GH'];
const [LOW, HI, GH] = [3, 4, 5];

export interface StreamingZipformerFiles {
  encoder: string;
  decoder: string;
  joiner: string;
  tokens: string;
}

/**
 * A tiny streaming Zipformer2 transducer in the files and with the metadata sherpa-onnx's
 * OnlineRecognizer reads from icefall's `export-onnx-streaming.py`: the encoder takes a chunk of
 * fbank frames and the cached states of every layer (key, non-linear attention, two values, two
 * convolutions, the front end's embed states and the processed length) and returns the next ones;
 * the decoder takes the last two tokens, the joiner an encoder frame and the decoder's output.
 * Its two "words" are tones: LOW (~400 Hz) and HIGH (~2500 Hz, emitted as the pieces ▁HI + GH on
 * consecutive frames); a word is emitted where its tone sounds and the last token is not already
 * it. It proves the streaming plumbing (chunks, states, timestamps, pieces into words, partial and
 * final results); it says nothing about recognising speech.
 */
export async function writeTinyStreamingZipformer(folder: string, files: StreamingZipformerFiles): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, files.encoder), encoder().toBytes());
  await writeFile(join(folder, files.decoder), decoder().toBytes());
  await writeFile(join(folder, files.joiner), joiner().toBytes());
  await writeFile(join(folder, files.tokens), TOKENS.map((token, id) => `${token} ${id}\n`).join(''));
}

/** The cached states of one layer, in the export's order, with their shapes. */
function layerStates(layer: number): [string, (number | string)[]][] {
  const keyDim = QUERY_HEAD_DIM * NUM_HEADS;
  const valueDim = VALUE_HEAD_DIM * NUM_HEADS;
  return [
    [`cached_key_${layer}`, [LEFT_CONTEXT, 'N', keyDim]],
    [`cached_nonlin_attn_${layer}`, [1, 'N', LEFT_CONTEXT, (3 * ENCODER_DIM) / 4]],
    [`cached_val1_${layer}`, [LEFT_CONTEXT, 'N', valueDim]],
    [`cached_val2_${layer}`, [LEFT_CONTEXT, 'N', valueDim]],
    [`cached_conv1_${layer}`, ['N', ENCODER_DIM, Math.floor(CNN_KERNEL / 2)]],
    [`cached_conv2_${layer}`, ['N', ENCODER_DIM, Math.floor(CNN_KERNEL / 2)]],
  ];
}

function encoder(): OnnxGraph {
  const graph = new OnnxGraph('tiny_streaming_zipformer_encoder').input('x', FLOAT, ['N', T, FEATURE_DIM]);
  const states = layerStates(0);
  for (const [name, dims] of states) graph.input(name, FLOAT, dims);
  graph
    .input('embed_states', FLOAT, ['N', 128, 3, EMBED_DIM])
    .input('processed_lens', INT64, ['N'])
    .output('encoder_out', FLOAT, ['N', OUT_FRAMES, JOINER_DIM]);
  for (const [name, dims] of states) graph.output(`new_${name}`, FLOAT, dims);
  graph
    .output('new_embed_states', FLOAT, ['N', 128, 3, EMBED_DIM])
    .output('new_processed_lens', INT64, ['N'])
    .ints('chunk_start', [1], [0])
    .ints('chunk_end', [1], [DECODE_CHUNK_LEN])
    .ints('frame_axis', [1], [1])
    .ints('bin_axis', [1], [2])
    .ints('low_start', [1], [LOW_BAND[0]])
    .ints('low_end', [1], [LOW_BAND[1]])
    .ints('high_start', [1], [HIGH_BAND[0]])
    .ints('high_end', [1], [HIGH_BAND[1]])
    .ints('grouped', [4], [0, OUT_FRAMES, 4, FEATURE_DIM])
    .ints('chunk_frames', [1], [DECODE_CHUNK_LEN / 2])
    .floats('level', [], Float32Array.of(LEVEL))
    .floats('margin', [], Float32Array.of(MARGIN))
    .floats('zero', [], Float32Array.of(0))
    // The chunk's 32 decoded frames, averaged 4 by 4 into the 8 encoder frames.
    .node('Slice', ['x', 'chunk_start', 'chunk_end', 'frame_axis'], ['chunk'])
    .node('Reshape', ['chunk', 'grouped'], ['groups'])
    .node('ReduceMean', ['groups'], ['frames'], { axes: [2], keepdims: 0 })
    .node('Slice', ['frames', 'low_start', 'low_end', 'bin_axis'], ['low_bins'])
    .node('Slice', ['frames', 'high_start', 'high_end', 'bin_axis'], ['high_bins'])
    .node('ReduceMax', ['low_bins'], ['low_level'], { axes: [2], keepdims: 1 })
    .node('ReduceMax', ['high_bins'], ['high_level'], { axes: [2], keepdims: 1 });
  heard(graph, 'low', 'low_level', 'high_level');
  heard(graph, 'high', 'high_level', 'low_level');
  graph
    .node('Mul', ['low', 'zero'], ['unused'])
    .node('Concat', ['low', 'high', 'unused', 'unused'], ['encoder_out'], { axis: 2 });
  for (const [name] of states) graph.node('Identity', [name], [`new_${name}`]);
  return graph
    .node('Identity', ['embed_states'], ['new_embed_states'])
    .node('Add', ['processed_lens', 'chunk_frames'], ['new_processed_lens'])
    .metadata({
      model_type: 'zipformer2',
      version: '1',
      model_author: 'voxlate tiny test model',
      comment: 'streaming zipformer2',
      decode_chunk_len: DECODE_CHUNK_LEN,
      T,
      num_encoder_layers: '1',
      encoder_dims: String(ENCODER_DIM),
      cnn_module_kernels: String(CNN_KERNEL),
      left_context_len: String(LEFT_CONTEXT),
      query_head_dims: String(QUERY_HEAD_DIM),
      value_head_dims: String(VALUE_HEAD_DIM),
      num_heads: String(NUM_HEADS),
    });
}

/** `name` is 1 on frames where `level` is loud enough and stands `MARGIN` above `other`, else 0. */
function heard(graph: OnnxGraph, name: string, level: string, other: string): void {
  graph
    .node('Add', [other, 'margin'], [`${name}_bar`])
    .node('Greater', [level, `${name}_bar`], [`${name}_above`])
    .node('Greater', [level, 'level'], [`${name}_loud`])
    .node('And', [`${name}_above`, `${name}_loud`], [`${name}_bool`])
    .node('Cast', [`${name}_bool`], [name], { to: FLOAT });
}

/** The last token as a one-hot over the word pieces: [is ▁LOW, is ▁HI, is GH, 0]. */
function decoder(): OnnxGraph {
  const embedding = new Float32Array(TOKENS.length * JOINER_DIM);
  embedding[LOW * JOINER_DIM + 0] = 1;
  embedding[HI * JOINER_DIM + 1] = 1;
  embedding[GH * JOINER_DIM + 2] = 1;
  return new OnnxGraph('tiny_streaming_zipformer_decoder')
    .input('y', INT64, ['N', CONTEXT_SIZE])
    .output('decoder_out', FLOAT, ['N', JOINER_DIM])
    .floats('embedding', [TOKENS.length, JOINER_DIM], embedding)
    .ints('last_start', [1], [CONTEXT_SIZE - 1])
    .ints('last_end', [1], [CONTEXT_SIZE])
    .ints('token_axis', [1], [1])
    .ints('rows', [2], [-1, JOINER_DIM])
    .node('Slice', ['y', 'last_start', 'last_end', 'token_axis'], ['last'])
    .node('Gather', ['embedding', 'last'], ['embedded'])
    .node('Reshape', ['embedded', 'rows'], ['decoder_out'])
    .metadata({ context_size: CONTEXT_SIZE, vocab_size: TOKENS.length });
}

/**
 * Logits: blank 6; ▁LOW 12 where the low tone sounds unless ▁LOW came last; ▁HI 12 where the
 * high tone sounds unless ▁HI or GH came last; GH 12 right after ▁HI while it sounds. As peaked
 * as a trained model's, so beam search keeps to the one path greedy search takes.
 */
function joiner(): OnnxGraph {
  const column = (name: string, index: number): [string, string] => [`${name}_${index}_start`, `${name}_${index}_end`];
  const graph = new OnnxGraph('tiny_streaming_zipformer_joiner')
    .input('encoder_out', FLOAT, ['N', JOINER_DIM])
    .input('decoder_out', FLOAT, ['N', JOINER_DIM])
    .output('logit', FLOAT, ['N', TOKENS.length])
    .ints('axis', [1], [1])
    .floats('one', [], Float32Array.of(1))
    .floats('word_score', [], Float32Array.of(WORD_SCORE))
    .floats('blank_score', [], Float32Array.of(BLANK_SCORE))
    .floats('never', [], Float32Array.of(-2 * WORD_SCORE))
    .floats('zero', [], Float32Array.of(0));
  const take = (input: string, index: number, output: string): void => {
    const [start, end] = column(input, index);
    graph
      .ints(start, [1], [index])
      .ints(end, [1], [index + 1])
      .node('Slice', [input, start, end, 'axis'], [output]);
  };
  take('encoder_out', 0, 'low');
  take('encoder_out', 1, 'high');
  take('decoder_out', 0, 'after_low');
  take('decoder_out', 1, 'after_hi');
  take('decoder_out', 2, 'after_gh');
  return graph
    .node('Sub', ['one', 'after_low'], ['not_after_low'])
    .node('Add', ['after_hi', 'after_gh'], ['after_high'])
    .node('Sub', ['one', 'after_high'], ['not_after_high'])
    .node('Mul', ['low', 'not_after_low'], ['low_new'])
    .node('Mul', ['high', 'not_after_high'], ['high_new'])
    .node('Mul', ['high', 'after_hi'], ['high_rest'])
    .node('Mul', ['low_new', 'word_score'], ['low_logit'])
    .node('Mul', ['high_new', 'word_score'], ['hi_logit'])
    .node('Mul', ['high_rest', 'word_score'], ['gh_logit'])
    .node('Mul', ['low', 'zero'], ['zeros'])
    .node('Add', ['zeros', 'blank_score'], ['blank_logit'])
    .node('Add', ['zeros', 'never'], ['never_logit'])
    .node('Concat', ['blank_logit', 'never_logit', 'never_logit', 'low_logit', 'hi_logit', 'gh_logit'], ['logit'], {
      axis: 1,
    })
    .metadata({ joiner_dim: JOINER_DIM });
}
