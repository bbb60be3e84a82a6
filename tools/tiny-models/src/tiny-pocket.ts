import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FLOAT, INT64, OnnxGraph, seededRandom } from './onnx-graph.js';
import { writeJson } from './write-json.js';

/** Width of the text and voice embeddings, and of a latent frame: sherpa-onnx hard-codes both. */
const EMBEDDING = 1024;
const LATENT = 32;
/** Mimi's frame: 1920 samples at 24 kHz (12.5 frames a second). */
const FRAME = 1920;
const SAMPLE_RATE = 24000;
/**
 * The tiny voice's "timbre": energy in these bands (multiples of 12.5 Hz, so each fills a frame
 * with whole periods). The encoder measures them on the reference, the decoder speaks them.
 */
export const TINY_POCKET_BANDS_HZ = [100, 150, 200, 300, 500, 800, 1500, 3000] as const;
const BANDS = TINY_POCKET_BANDS_HZ.length;

/** File names as sherpa-onnx's int8 Pocket TTS release names them. */
export const POCKET_FILES = {
  lmFlow: 'lm_flow.int8.onnx',
  lmMain: 'lm_main.int8.onnx',
  encoder: 'encoder.onnx',
  decoder: 'decoder.int8.onnx',
  textConditioner: 'text_conditioner.onnx',
  vocabJson: 'vocab.json',
  tokenScoresJson: 'token_scores.json',
  licence: 'LICENSE',
} as const;

/**
 * A tiny Pocket TTS in the release layout sherpa-onnx loads (`sherpa-onnx-pocket-tts-int8-*`):
 * five graphs with the real ones' inputs, outputs and state handling, and a SentencePiece
 * vocabulary with byte fallback. What it does is crude but real cloning: the encoder measures
 * the reference's energy in eight bands, the main LM keeps them in its state with the text's
 * token count (one frame per token, then end of speech), the flow LM's velocity field leads the
 * noise to those band weights (keeping a trace of the noise, so the seed matters), and the decoder speaks them as tones. A low reference gives a low
 * voice; the text sets the length. It says nothing about how a real clone sounds.
 */
export async function writeTinyPocket(folder: string, seed = 41): Promise<void> {
  const random = seededRandom(seed);
  const vocabulary = tinyVocabulary();
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, POCKET_FILES.textConditioner), textConditioner(vocabulary.length, random));
  await writeFile(join(folder, POCKET_FILES.encoder), mimiEncoder());
  await writeFile(join(folder, POCKET_FILES.lmMain), lmMain(random));
  await writeFile(join(folder, POCKET_FILES.lmFlow), lmFlow());
  await writeFile(join(folder, POCKET_FILES.decoder), mimiDecoder());
  await writeJson(join(folder, POCKET_FILES.vocabJson), Object.fromEntries(vocabulary.map((token, id) => [token, id])));
  // SentencePiece scores: longer pieces score higher, byte tokens lowest (they are the fallback).
  await writeJson(
    join(folder, POCKET_FILES.tokenScoresJson),
    Object.fromEntries(vocabulary.map((token) => [token, token.startsWith('<0x') ? -100 : token.length - 10])),
  );
  await writeFile(join(folder, POCKET_FILES.licence), 'Tiny random test model written by Voxlate: no licence terms.\n');
}

/** `<unk>`, the 256 byte tokens, the word mark, ASCII letters and marks, a few whole words. */
function tinyVocabulary(): string[] {
  const bytes = Array.from({ length: 256 }, (_, byte) => `<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
  const characters = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?'-"];
  const words = ['▁the', '▁and', '▁hello', '▁is'];
  // Unique: sherpa-onnx sizes its id table by the number of entries and indexes it by id.
  return [...new Set(['<unk>', ...bytes, '▁', ...characters, ...characters.map((c) => `▁${c}`), ...words])];
}

/** token ids [1, T] -> embeddings [1, T, 1024]; column 0 is 1 on every text row (the token count). */
function textConditioner(vocabularySize: number, random: () => number): Uint8Array {
  const table = new Float32Array(vocabularySize * EMBEDDING);
  for (let row = 0; row < vocabularySize; row++) {
    table[row * EMBEDDING] = 1;
    // Columns 1-8 carry the voice: text leaves them alone.
    for (let column = 1 + BANDS; column < EMBEDDING; column++) table[row * EMBEDDING + column] = (random() - 0.5) * 0.1;
  }
  return new OnnxGraph('tiny_pocket_text_conditioner')
    .input('token_ids', INT64, [1, 'num_tokens'])
    .output('embeddings', FLOAT, [1, 'num_tokens', EMBEDDING])
    .floats('table', [vocabularySize, EMBEDDING], table)
    .node('Gather', ['table', 'token_ids'], ['embeddings'], { axis: 0 })
    .toBytes();
}

/** audio [1, 1, N] at 24 kHz -> latents [1, N / 1920, 1024]: band energies per frame in columns 1-8. */
function mimiEncoder(): Uint8Array {
  const kernels = new Float32Array(BANDS * FRAME);
  for (const [band, hz] of TINY_POCKET_BANDS_HZ.entries()) {
    for (let n = 0; n < FRAME; n++) {
      const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / FRAME);
      kernels[band * FRAME + n] = (hann * Math.cos((2 * Math.PI * hz * n) / SAMPLE_RATE)) / FRAME;
    }
  }
  const projection = new Float32Array(BANDS * EMBEDDING);
  for (let band = 0; band < BANDS; band++) projection[band * EMBEDDING + 1 + band] = 1;
  return new OnnxGraph('tiny_pocket_mimi_encoder')
    .input('audio', FLOAT, [1, 1, 'num_samples'])
    .output('latents', FLOAT, [1, 'num_frames', EMBEDDING])
    .floats('kernels', [BANDS, 1, FRAME], kernels)
    .floats('projection', [BANDS, EMBEDDING], projection)
    .node('Conv', ['audio', 'kernels'], ['bands'], { strides: [FRAME], kernel_shape: [FRAME] })
    .node('Abs', ['bands'], ['energies'])
    .node('Transpose', ['energies'], ['frames'], { perm: [0, 2, 1] })
    .node('MatMul', ['frames', 'projection'], ['latents'])
    .toBytes();
}

/**
 * sequence [1, S, 32] (NaN = start), text_embeddings [1, E, 1024] and three states ->
 * conditioning [1, 1024], eos_logit [1, 1] and the states. Called with the voice, then the text,
 * then once per frame; the end logit passes -4 once as many frames as text tokens were made.
 */
function lmMain(random: () => number): Uint8Array {
  const feedback = Float32Array.from({ length: LATENT * EMBEDDING }, () => (random() - 0.5) * 0.01);
  return (
    new OnnxGraph('tiny_pocket_flow_lm_main')
      .input('sequence', FLOAT, [1, 'sequence_length', LATENT])
      .input('text_embeddings', FLOAT, [1, 'text_length', EMBEDDING])
      .input('state_memory', FLOAT, [1, EMBEDDING])
      .input('state_tokens', FLOAT, [1, 1])
      .input('state_steps', FLOAT, [1, 1])
      .output('conditioning', FLOAT, [1, EMBEDDING])
      .output('eos_logit', FLOAT, [1, 1])
      .output('out_state_memory', FLOAT, [1, EMBEDDING])
      .output('out_state_tokens', FLOAT, [1, 1])
      .output('out_state_steps', FLOAT, [1, 1])
      .ints('axis1', [1], [1])
      .ints('zero', [1], [0])
      .ints('one', [1], [1])
      .ints('bands_end', [1], [1 + BANDS])
      .ints('scalar_shape', [2], [1, 1])
      .floats('nothing', [], Float32Array.of(0))
      .floats('tiny', [], Float32Array.of(1e-6))
      .floats('eos_offset', [], Float32Array.of(4))
      .floats('feedback', [LATENT, EMBEDDING], feedback)
      // Memory: the sum of every embedding row seen (voice frames' bands, text rows' count).
      .node('ReduceSum', ['text_embeddings', 'axis1'], ['rows'], { keepdims: 0 })
      .node('Add', ['state_memory', 'rows'], ['out_state_memory'])
      .node('Slice', ['rows', 'zero', 'one', 'one'], ['tokens_here'])
      .node('Add', ['state_tokens', 'tokens_here'], ['out_state_tokens'])
      // Steps: latent frames fed so far.
      .node('Shape', ['sequence'], ['sequence_shape'])
      .node('Gather', ['sequence_shape', 'one'], ['frames_here_int'], { axis: 0 })
      .node('Cast', ['frames_here_int'], ['frames_here_flat'], { to: FLOAT })
      .node('Reshape', ['frames_here_flat', 'scalar_shape'], ['frames_here'])
      .node('Add', ['state_steps', 'frames_here'], ['out_state_steps'])
      .node('Sub', ['out_state_steps', 'out_state_tokens'], ['frames_over'])
      .node('Sub', ['frames_over', 'eos_offset'], ['eos_logit'])
      // Conditioning: the memory scaled to unit band sum, nudged by the frame fed back (NaN at start).
      .node('Slice', ['out_state_memory', 'one', 'bands_end', 'one'], ['band_memory'])
      .node('ReduceSum', ['band_memory', 'one'], ['band_total'], { keepdims: 1 })
      .node('Add', ['band_total', 'tiny'], ['band_total_safe'])
      .node('Div', ['out_state_memory', 'band_total_safe'], ['scaled_memory'])
      .node('IsNaN', ['sequence'], ['is_start'])
      .node('Where', ['is_start', 'nothing', 'sequence'], ['sequence_clean'])
      .node('ReduceSum', ['sequence_clean', 'axis1'], ['sequence_sum'], { keepdims: 0 })
      .node('MatMul', ['sequence_sum', 'feedback'], ['nudge'])
      .node('Add', ['scaled_memory', 'nudge'], ['conditioning'])
      .toBytes()
  );
}

/** How much of the starting noise stays in a latent: enough that the seed shows, too little to change the voice. */
const NOISE_KEPT = 0.05;

/**
 * c [1, 1024], s [1, 1], t [1, 1], x [1, 32] -> flow_dir [1, 32]: the velocity of the straight
 * path from the noise x0 to the band weights plus a little of x0, so sherpa-onnx's Euler steps end
 * on target + 0.05 * x0 (the noise, and so the seed, shows in the latent as in a real flow).
 */
function lmFlow(): Uint8Array {
  const toLatent = new Float32Array(EMBEDDING * LATENT);
  for (let band = 0; band < BANDS; band++) toLatent[(1 + band) * LATENT + band] = 1;
  return (
    new OnnxGraph('tiny_pocket_flow_lm_flow')
      .input('c', FLOAT, [1, EMBEDDING])
      .input('s', FLOAT, [1, 1])
      .input('t', FLOAT, [1, 1])
      .input('x', FLOAT, [1, LATENT])
      .output('flow_dir', FLOAT, [1, LATENT])
      .floats('to_latent', [EMBEDDING, LATENT], toLatent)
      .floats('unit', [], Float32Array.of(1))
      .floats('kept', [], Float32Array.of(NOISE_KEPT))
      .floats('kept_less_one', [], Float32Array.of(NOISE_KEPT - 1))
      .node('MatMul', ['c', 'to_latent'], ['target'])
      // The path is x = (1 - s) x0 + s (target + kept x0): recover x0 from where the step starts.
      .node('Mul', ['s', 'target'], ['target_share'])
      .node('Sub', ['x', 'target_share'], ['noise_part'])
      .node('Sub', ['unit', 's'], ['time_left'])
      .node('Mul', ['s', 'kept'], ['noise_kept'])
      .node('Add', ['time_left', 'noise_kept'], ['noise_scale'])
      .node('Div', ['noise_part', 'noise_scale'], ['x0'])
      .node('Mul', ['x0', 'kept_less_one'], ['noise_velocity'])
      .node('Add', ['target', 'noise_velocity'], ['velocity'])
      // t is the step's end; the straight path does not need it, the real flow LM does.
      .node('Sub', ['t', 't'], ['no_time'])
      .node('Add', ['velocity', 'no_time'], ['flow_dir'])
      .toBytes()
  );
}

/** latent [1, C, 32] and a state -> audio [1, 1, C * 1920]: each band weight as a tone. */
function mimiDecoder(): Uint8Array {
  const synthesis = new Float32Array(LATENT * FRAME);
  for (const [band, hz] of TINY_POCKET_BANDS_HZ.entries()) {
    for (let n = 0; n < FRAME; n++) synthesis[band * FRAME + n] = Math.sin((2 * Math.PI * hz * n) / SAMPLE_RATE);
  }
  return new OnnxGraph('tiny_pocket_mimi_decoder')
    .input('latent', FLOAT, [1, 'num_frames', LATENT])
    .input('state_previous', FLOAT, [1, LATENT])
    .output('audio_frame', FLOAT, [1, 1, 'num_samples'])
    .output('out_state_previous', FLOAT, [1, LATENT])
    .floats('synthesis', [LATENT, FRAME], synthesis)
    .floats('gain', [], Float32Array.of(0.3))
    .ints('axis1', [1], [1])
    .ints('wave_shape', [3], [1, 1, -1])
    .node('MatMul', ['latent', 'synthesis'], ['tones'])
    .node('Tanh', ['tones'], ['soft'])
    .node('Mul', ['soft', 'gain'], ['quiet'])
    .node('Reshape', ['quiet', 'wave_shape'], ['audio_frame'])
    .node('ReduceSum', ['latent', 'axis1'], ['latent_sum'], { keepdims: 0 })
    .node('Add', ['state_previous', 'latent_sum'], ['out_state_previous'])
    .toBytes();
}
