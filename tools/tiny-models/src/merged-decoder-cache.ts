import { BOOL, FLOAT, type OnnxGraph } from './onnx-graph.js';

/** The KV cache of a merged decoder, as transformers.js feeds and reads it. */
export interface CacheShape {
  layers: number;
  heads: number;
  headSize: number;
  /** Rows of the position tables: positions past the last are clamped to it. */
  positions: number;
}

/**
 * `past_key_values.{layer}.{decoder|encoder}.{key|value}` and `use_cache_branch`. transformers.js
 * sizes the empty first-step cache from these shapes (numeric heads and head size, batch and
 * lengths symbolic).
 */
export function addCacheInputs(graph: OnnxGraph, shape: CacheShape): void {
  for (let layer = 0; layer < shape.layers; layer++)
    for (const part of ['decoder', 'encoder'])
      for (const kind of ['key', 'value']) {
        const length = part === 'decoder' ? 'past_decoder_sequence_length' : 'encoder_sequence_length_out';
        graph.input(`past_key_values.${layer}.${part}.${kind}`, FLOAT, [
          'batch_size',
          shape.heads,
          length,
          shape.headSize,
        ]);
      }
  graph.input('use_cache_branch', BOOL, [1]);
}

/**
 * `positions` (past length + 0..seq-1: positions continue from the cache) and `table_positions`
 * (clamped to the tables); also `ids_shape` and the constants `one`, `axis_zero`.
 */
export function addCachePositions(graph: OnnxGraph, shape: CacheShape): void {
  graph
    .ints('one', [], [1])
    .ints('axis_zero', [1], [0])
    .ints('last_position', [], [shape.positions - 1])
    .node('Shape', ['input_ids'], ['ids_shape'])
    .node('Gather', ['ids_shape', 'one'], ['sequence_length'], { axis: 0 })
    .node('Shape', ['past_key_values.0.decoder.key'], ['past_length_1d'], { start: 2, end: 3 })
    .node('Squeeze', ['past_length_1d', 'axis_zero'], ['past_length'])
    .node('Add', ['past_length', 'sequence_length'], ['position_limit'])
    .node('Range', ['past_length', 'position_limit', 'one'], ['positions'])
    .node('Min', ['positions', 'last_position'], ['table_positions']);
}

/**
 * Every `present.*` output: the new tokens' keys and values (rows of `tokenKeys`, one per
 * vocabulary entry, heads × headSize wide) appended to the past ones; the encoder states split
 * into heads as the encoder side (transformers.js keeps the first step's and ignores later ones).
 */
export function addCacheOutputs(graph: OnnxGraph, shape: CacheShape, tokenKeys: Float32Array): void {
  const width = shape.heads * shape.headSize;
  graph
    .floats('token_keys', [tokenKeys.length / width, width], tokenKeys)
    .ints('heads_shape', [4], [0, 0, shape.heads, shape.headSize])
    .node('Gather', ['token_keys', 'input_ids'], ['new_keys_flat'], { axis: 0 })
    .node('Reshape', ['new_keys_flat', 'heads_shape'], ['new_keys_split'])
    .node('Transpose', ['new_keys_split'], ['new_keys'], { perm: [0, 2, 1, 3] })
    .node('Reshape', ['encoder_hidden_states', 'heads_shape'], ['encoder_split'])
    .node('Transpose', ['encoder_split'], ['encoder_keys'], { perm: [0, 2, 1, 3] });
  for (let layer = 0; layer < shape.layers; layer++)
    for (const kind of ['key', 'value']) {
      const present = `present.${layer}.decoder.${kind}`;
      graph
        .output(present, FLOAT, ['batch_size', shape.heads, 'total_sequence_length', shape.headSize])
        .node('Concat', [`past_key_values.${layer}.decoder.${kind}`, 'new_keys'], [present], { axis: 2 });
      const encoderPresent = `present.${layer}.encoder.${kind}`;
      graph
        .output(encoderPresent, FLOAT, ['batch_size', shape.heads, 'encoder_sequence_length_out', shape.headSize])
        .node('Identity', ['encoder_keys'], [encoderPresent]);
    }
}
