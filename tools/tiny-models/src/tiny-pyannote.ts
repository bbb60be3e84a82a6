import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { FLOAT, OnnxGraph } from './onnx-graph.js';

/** pyannote segmentation-3.0's geometry: 10 s windows at 16 kHz, 589 frames of 270 samples. */
const SAMPLE_RATE = 16000;
const WINDOW_SIZE = 160000;
const RECEPTIVE_FIELD_SIZE = 991;
const RECEPTIVE_FIELD_SHIFT = 270;
/** Powerset classes for 3 local speakers, at most 2 at once: {}, {1}, {2}, {3}, {1,2}, {1,3}, {2,3}. */
const NUM_CLASSES = 7;
/** Log band energy a frame needs before the tiny model calls it speech. */
const SPEECH_LOG_ENERGY = 2;
const NEVER = -100;

export interface TinyPyannoteOptions {
  /** The tone each of the first two local speakers is heard at, Hz (the third never speaks). */
  speakerTones?: readonly [number, number];
}

/**
 * A tiny pyannote segmentation model in the layout and with the metadata sherpa-onnx's export
 * writes (`x` [N, 1, T] samples in, `y` [N, frames, 7] powerset log-probabilities out, the
 * receptive field of the real model). Its "speakers" are two narrow bands: a quadrature pair of
 * Hann-windowed kernels per band measures each band's energy per frame (a stand-in for the real
 * model's SincNet front end), local speaker 1 wins where the first band is loudest, speaker 2
 * where the second is, silence below a level. It proves windowing, the powerset decoding and
 * the clustering around it; it says nothing about finding real speakers.
 */
export async function writeTinyPyannote(path: string, options: TinyPyannoteOptions = {}): Promise<void> {
  const tones = options.speakerTones ?? [150, 600];
  const kernels = new Float32Array(4 * RECEPTIVE_FIELD_SIZE);
  tones.forEach((hertz, band) => {
    for (let n = 0; n < RECEPTIVE_FIELD_SIZE; n++) {
      const window = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / (RECEPTIVE_FIELD_SIZE - 1));
      const phase = (2 * Math.PI * hertz * n) / SAMPLE_RATE;
      kernels[2 * band * RECEPTIVE_FIELD_SIZE + n] = window * Math.cos(phase);
      kernels[(2 * band + 1) * RECEPTIVE_FIELD_SIZE + n] = window * Math.sin(phase);
    }
  });
  const graph = new OnnxGraph('tiny_pyannote_segmentation')
    .input('x', FLOAT, ['N', 1, 'T'])
    .output('y', FLOAT, ['N', 'frames', NUM_CLASSES])
    .floats('kernels', [4, 1, RECEPTIVE_FIELD_SIZE], kernels)
    .ints('pair_shape', [4], [0, 2, 2, -1])
    .floats('floor', [], Float32Array.of(1e-6))
    .floats('zero', [], Float32Array.of(0))
    .floats('silence_level', [], Float32Array.of(SPEECH_LOG_ENERGY))
    .floats('never', [], Float32Array.of(NEVER))
    .ints('pair_axis', [1], [2])
    .ints('band_axis', [1], [1])
    .node('Conv', ['x', 'kernels'], ['quadrature'], { strides: [RECEPTIVE_FIELD_SHIFT] })
    .node('Mul', ['quadrature', 'quadrature'], ['squared'])
    .node('Reshape', ['squared', 'pair_shape'], ['pairs'])
    .node('ReduceSum', ['pairs', 'pair_axis'], ['band_energy'], { keepdims: 0 })
    .node('Add', ['band_energy', 'floor'], ['floored'])
    .node('Log', ['floored'], ['band_logits'])
    // One row of the right shape, [N, 1, frames], for the classes that are constants.
    .node('ReduceSum', ['band_logits', 'band_axis'], ['one_row'], { keepdims: 1 })
    .node('Mul', ['one_row', 'zero'], ['zeros'])
    .node('Add', ['zeros', 'silence_level'], ['silence'])
    .node('Add', ['zeros', 'never'], ['impossible'])
    .node('Concat', ['silence', 'band_logits', 'impossible', 'impossible', 'impossible', 'impossible'], ['classes'], {
      axis: 1,
    })
    .node('Transpose', ['classes'], ['frames_first'], { perm: [0, 2, 1] })
    .node('LogSoftmax', ['frames_first'], ['y'], { axis: -1 })
    .metadata({
      num_speakers: 3,
      powerset_max_classes: 2,
      num_classes: NUM_CLASSES,
      sample_rate: SAMPLE_RATE,
      window_size: WINDOW_SIZE,
      receptive_field_size: RECEPTIVE_FIELD_SIZE,
      receptive_field_shift: RECEPTIVE_FIELD_SHIFT,
      model_type: 'pyannote-segmentation-3.0',
      version: '1',
      model_author: 'voxlate tiny test model',
      maintainer: 'voxlate',
    });
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, graph.toBytes());
}
