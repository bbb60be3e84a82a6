import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { FLOAT, OnnxGraph } from './onnx-graph.js';

export interface TinyMdxOptions {
  /** Kim Vocal 2's geometry by default (n_fft 7680, dim_f 3072, dim_t 256, 44.1 kHz). */
  nFft?: number;
  dimF?: number;
  dimT?: number;
  sampleRate?: number;
  /** The band the tiny network calls "voice", Hz. */
  voiceBand?: readonly [number, number];
}

/**
 * A tiny MDX-Net stand-in in the layout UVR publishes: one ONNX file whose `input` is the
 * spectrogram tensor [batch, 4, dim_f, dim_t] (left real, left imaginary, right real, right
 * imaginary) and whose `output` is the predicted stem's, same shape. It predicts "vocals" as
 * the bins inside a fixed band, so a test can mix a tone inside the band with one outside and
 * know exactly what separation must give back. It proves the STFT, chunking and stems; it says
 * nothing about separating real voices.
 */
export async function writeTinyMdx(path: string, options: TinyMdxOptions = {}): Promise<void> {
  const nFft = options.nFft ?? 7680;
  const dimF = options.dimF ?? 3072;
  const dimT = options.dimT ?? 256;
  const sampleRate = options.sampleRate ?? 44100;
  const [low, high] = options.voiceBand ?? [300, 4000];
  const mask = Float32Array.from({ length: dimF }, (_, bin) => {
    const hertz = (bin * sampleRate) / nFft;
    return hertz >= low && hertz <= high ? 1 : 0;
  });
  const graph = new OnnxGraph('tiny_mdx')
    .input('input', FLOAT, ['batch_size', 4, dimF, dimT])
    .output('output', FLOAT, ['batch_size', 4, dimF, dimT])
    .floats('voice_band', [1, 1, dimF, 1], mask)
    .node('Mul', ['input', 'voice_band'], ['output']);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, graph.toBytes());
}
