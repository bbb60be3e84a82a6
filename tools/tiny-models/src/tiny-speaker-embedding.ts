import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { FLOAT, OnnxGraph, seededRandom } from './onnx-graph.js';

const FEATURE_DIM = 80;

export interface TinySpeakerEmbeddingOptions {
  /** 192 like 3D-Speaker's CAM++. */
  outputDim?: number;
  seed?: number;
}

/**
 * A tiny speaker-embedding model in the layout and with the metadata sherpa-onnx's 3D-Speaker
 * export writes: `x` [N, T, 80] filter-bank frames in (sherpa-onnx subtracts their mean over the
 * segment first, as `feature_normalize_type: global-mean` says), `embedding` [N, dim] out. It
 * pools the frames' spread per band over time and projects it with a seeded random matrix.
 * It proves feature extraction, pooling over any length and clustering around it; it says
 * nothing about telling real speakers apart.
 */
export async function writeTinySpeakerEmbedding(
  path: string,
  options: TinySpeakerEmbeddingOptions = {},
): Promise<void> {
  const outputDim = options.outputDim ?? 192;
  const random = seededRandom(options.seed ?? 41);
  const projection = Float32Array.from({ length: FEATURE_DIM * outputDim }, () => random() * 2 - 1);
  const graph = new OnnxGraph('tiny_speaker_embedding')
    .input('x', FLOAT, ['N', 'T', FEATURE_DIM])
    .output('embedding', FLOAT, ['N', outputDim])
    .floats('projection', [FEATURE_DIM, outputDim], projection)
    .ints('time_axis', [1], [1])
    .node('ReduceMean', ['x'], ['mean'], { axes: [1], keepdims: 1 })
    .node('Sub', ['x', 'mean'], ['centred'])
    .node('Mul', ['centred', 'centred'], ['squared'])
    .node('ReduceSum', ['squared', 'time_axis'], ['spread'], { keepdims: 0 })
    .node('Sqrt', ['spread'], ['pooled'])
    .node('MatMul', ['pooled', 'projection'], ['embedding'])
    .metadata({
      framework: '3d-speaker',
      language: 'English',
      comment: 'voxlate tiny test model',
      sample_rate: 16000,
      output_dim: outputDim,
      normalize_samples: 1,
      feature_normalize_type: 'global-mean',
    });
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, graph.toBytes());
}
