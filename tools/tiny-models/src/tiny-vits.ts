import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FLOAT, INT64, OnnxGraph, seededRandom } from './onnx-graph.js';
import { addTokenTones } from './token-tones.js';
import { writeJson } from './write-json.js';

/** Samples produced per input token by the tiny model. */
const HOP = 256;
const CHARACTERS = " abcdefghijklmnopqrstuvwxyz'.,?!-";
/** The alphabet of a voice trained on uroman output, as mms-tts-kor's: 25 Latin symbols, no Hangul. */
const UROMAN_CHARACTERS = " '-.abcdeghijklmnoprstuwy";

export interface TinyVitsOptions {
  samplingRate?: number;
  seed?: number;
  /** A voice that reads romanised text only (`is_uroman: true`, a Latin-only vocabulary). */
  uroman?: boolean;
  /** Letters beyond a-z in the voice's alphabet (accents, or Cyrillic for Russian), as its language writes. */
  extraLetters?: string;
}

/**
 * A tiny random-weight VITS (MMS-TTS) model in the layout transformers.js loads:
 * config.json, tokenizer.json, tokenizer_config.json and onnx/model_quantized.onnx
 * (input_ids, attention_mask -> waveform). Its audio is tones that depend on the text,
 * so tests can tell inputs apart; it says nothing about speech quality.
 */
export async function writeTinyVits(folder: string, options: TinyVitsOptions = {}): Promise<void> {
  await mkdir(join(folder, 'onnx'), { recursive: true });
  const random = seededRandom(options.seed ?? 7);
  const graph = new OnnxGraph('tiny_vits')
    .input('input_ids', INT64, [1, 'sequence'])
    .input('attention_mask', INT64, [1, 'sequence'])
    .output('waveform', FLOAT, [1, 'samples'])
    .floats('gain', [], Float32Array.of(0.3))
    .ints('flat_shape', [2], [1, -1])
    .node('Cast', ['input_ids'], ['ids_float'], { to: FLOAT })
    .node('Cast', ['attention_mask'], ['mask_float'], { to: FLOAT })
    .node('Mul', ['ids_float', 'mask_float'], ['masked_ids']);
  addTokenTones(graph, 'masked_ids', HOP, random)
    .node('Mul', ['tones', 'gain'], ['quiet'])
    .node('Reshape', ['quiet', 'flat_shape'], ['waveform']);
  await writeFile(join(folder, 'onnx', 'model_quantized.onnx'), graph.toBytes());
  await writeJson(join(folder, 'config.json'), {
    model_type: 'vits',
    architectures: ['VitsModel'],
    sampling_rate: options.samplingRate ?? 16000,
  });
  const alphabet = options.uroman ? UROMAN_CHARACTERS : CHARACTERS + (options.extraLetters ?? '');
  await writeJson(join(folder, 'tokenizer.json'), characterTokenizer(alphabet));
  await writeJson(join(folder, 'tokenizer_config.json'), {
    tokenizer_class: 'VitsTokenizer',
    is_uroman: options.uroman ?? false,
    pad_token: '<pad>',
    unk_token: '<unk>',
    model_max_length: 1000000,
  });
}

/**
 * A character-level tokenizer (WordLevel over single characters), like MMS-TTS's: characters
 * outside the alphabet are removed, so text in another script tokenises to nothing.
 */
function characterTokenizer(characters: string): object {
  const vocab: Record<string, number> = { '<pad>': 0, '<unk>': 1 };
  for (const char of characters) vocab[char] = Object.keys(vocab).length;
  const outside = `[^${characters.replace(/[-\]\\^]/g, '\\$&')}]`;
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [
      { id: 0, content: '<pad>', single_word: false, lstrip: false, rstrip: false, normalized: false, special: true },
      { id: 1, content: '<unk>', single_word: false, lstrip: false, rstrip: false, normalized: false, special: true },
    ],
    normalizer: {
      type: 'Sequence',
      normalizers: [{ type: 'Lowercase' }, { type: 'Replace', pattern: { Regex: outside }, content: '' }],
    },
    pre_tokenizer: { type: 'Split', pattern: { Regex: '.' }, behavior: 'Isolated', invert: false },
    post_processor: null,
    decoder: null,
    model: { type: 'WordLevel', vocab, unk_token: '<unk>' },
  };
}
