import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FLOAT, INT64, OnnxGraph, seededRandom } from './onnx-graph.js';
import { addTokenTones } from './token-tones.js';

/** Samples per phoneme id in the tiny model's output. */
const HOP = 256;
/** Piper's phoneme id map: pad, start, end, space, then the IPA symbols eSpeak NG writes. */
const SYMBOLS = [
  '_',
  '^',
  '$',
  ' ',
  ..."!'(),-.:;?",
  ...'abcdefghijklmnopqrstuvwxyz',
  ...'æçðøħŋœǀǁǂǃɐɑɒɓɔɕɖɗɘəɚɛɜɞɟɠɡɢɣɤɥɦɧɨɪɫɬɭɮɯɰɱɲɳɴɵɶɸɹɺɻɽɾʀʁʂʃʄʈʉʊʋʌʍʎʏʐʑʒʔʕʘʙʛʜʝʟʡʢʲˈˌːˑ˞βθχᵻⱱ',
  '\u0303',
  '\u0329',
];

export interface TinyPiperOptions {
  /** eSpeak NG voice the phonemes come from, as Piper's metadata names it ("en-us", "es", ...). */
  espeakVoice?: string;
  sampleRate?: number;
  /** File name of the ONNX model (sherpa-onnx's Piper repos name it after the voice). */
  modelFile?: string;
  seed?: number;
}

/**
 * A tiny random-weight Piper (VITS) voice in the layout sherpa-onnx loads: an ONNX model with
 * Piper's inputs (input, input_lengths, scales) and metadata (comment "piper", sample_rate,
 * voice, n_speakers) plus `tokens.txt` (IPA symbol -> id). Each phoneme id becomes a short tone,
 * so different text gives different audio; it says nothing about voice quality.
 */
export async function writeTinyPiper(folder: string, options: TinyPiperOptions = {}): Promise<void> {
  const random = seededRandom(options.seed ?? 23);
  const graph = new OnnxGraph('tiny_piper')
    .input('input', INT64, [1, 'phonemes'])
    .input('input_lengths', INT64, [1])
    .input('scales', FLOAT, [3])
    .output('output', FLOAT, [1, 1, 'samples'])
    .floats('gain', [], Float32Array.of(0.3))
    .ints('wave_shape', [3], [1, 1, -1])
    .node('Cast', ['input'], ['ids_float'], { to: FLOAT });
  addTokenTones(graph, 'ids_float', HOP, random)
    .node('Mul', ['tones', 'gain'], ['quiet'])
    .node('Reshape', ['quiet', 'wave_shape'], ['output'])
    .metadata({
      model_type: 'vits',
      comment: 'piper',
      language: 'tiny test voice',
      voice: options.espeakVoice ?? 'en-us',
      has_espeak: 1,
      n_speakers: 1,
      sample_rate: options.sampleRate ?? 22050,
    });
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, options.modelFile ?? 'model.onnx'), graph.toBytes());
  await writeFile(join(folder, 'tokens.txt'), SYMBOLS.map((symbol, id) => `${symbol} ${id}\n`).join(''));
}
