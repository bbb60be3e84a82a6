import type { OnnxGraph } from './onnx-graph.js';

/**
 * The tiny voices' sound: each token id (as a float tensor `[1, tokens]`) becomes `hop` samples of
 * a tone whose pitch follows the id, as `tones` `[1, tokens, hop]`. Different text gives
 * different audio, and the length is exactly tokens × hop, which tests can check.
 */
export function addTokenTones(graph: OnnxGraph, idsFloat: string, hop: number, random: () => number): OnnxGraph {
  const frequencies = Float32Array.from({ length: hop }, () => 0.02 + random() * 0.2);
  const ramp = Float32Array.from({ length: hop }, (_, i) => i * 0.05);
  return graph
    .floats('frequencies', [1, 1, hop], frequencies)
    .floats('ramp', [1, 1, hop], ramp)
    .ints('axis_two', [1], [2])
    .node('Unsqueeze', [idsFloat, 'axis_two'], ['ids_column'])
    .node('Mul', ['ids_column', 'frequencies'], ['phase'])
    .node('Add', ['phase', 'ramp'], ['shifted'])
    .node('Sin', ['shifted'], ['tones']);
}
