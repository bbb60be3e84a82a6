import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FLOAT, INT64, OnnxGraph, seededRandom } from './onnx-graph.js';
import { addTokenTones } from './token-tones.js';
import { writeJson } from './write-json.js';

/** Samples per phoneme token in the tiny model's output (Kokoro speaks at 24 kHz). */
const HOP = 600;
/** Kokoro's style vectors: 256 floats, one per phoneme count from 0 to 509. */
const STYLE_SIZE = 256;
const STYLE_ROWS = 510;
/** IPA symbols and punctuation, as Kokoro's character-level tokenizer maps them ($ pads both ends). */
const SYMBOLS = [
  '$',
  ...';:,.!?—…"() ',
  ...'abcdefghijklmnopqrstuvwxyz',
  ...'ɑɐɒæβɔɕçɖðʤəɚɛɜɟɡɥɨɪʝɯɰŋɳɲɴøɸθœɹɾɻʁɽʂʃʈʧʊʋʌɣɤχʎʒʔˈˌːʰʲ↓→↗↘ᵻ',
];

/**
 * A tiny random-weight Kokoro (StyleTTS 2) in the layout transformers.js and kokoro-js load:
 * config.json, a character tokenizer over IPA, onnx/model_quantized.onnx (input_ids, style,
 * speed -> waveform) and voices/<voice>.bin (510 x 256 float32 style vectors). Each token is a
 * short tone scaled by the style, so text and voice both change the audio; nothing about quality.
 */
export async function writeTinyKokoro(folder: string, voices: readonly string[], seed = 29): Promise<void> {
  const random = seededRandom(seed);
  await mkdir(join(folder, 'onnx'), { recursive: true });
  await mkdir(join(folder, 'voices'), { recursive: true });
  const graph = new OnnxGraph('tiny_kokoro')
    .input('input_ids', INT64, [1, 'tokens'])
    .input('style', FLOAT, [1, STYLE_SIZE])
    .input('speed', FLOAT, [1])
    .output('waveform', FLOAT, [1, 'samples'])
    .ints('flat_shape', [2], [1, -1])
    .ints('first_style', [1], [0])
    .node('Cast', ['input_ids'], ['ids_float'], { to: FLOAT });
  addTokenTones(graph, 'ids_float', HOP, random)
    .node('Gather', ['style', 'first_style'], ['loudness'], { axis: 1 })
    .node('Mul', ['tones', 'loudness'], ['styled'])
    .node('Reshape', ['styled', 'flat_shape'], ['waveform']);
  await writeFile(join(folder, 'onnx', 'model_quantized.onnx'), graph.toBytes());
  for (const voice of voices) {
    // Style values in 0.1..0.4: the first one is the tiny model's loudness.
    const styles = Float32Array.from({ length: STYLE_ROWS * STYLE_SIZE }, () => 0.1 + random() * 0.3);
    await writeFile(join(folder, 'voices', `${voice}.bin`), Buffer.from(styles.buffer));
  }
  await writeJson(join(folder, 'config.json'), {
    model_type: 'style_text_to_speech_2',
    architectures: ['StyleTextToSpeech2Model'],
  });
  await writeJson(join(folder, 'tokenizer.json'), tokenizerJson());
  await writeJson(join(folder, 'tokenizer_config.json'), {
    tokenizer_class: 'PreTrainedTokenizer',
    model_max_length: 512,
  });
}

function tokenizerJson(): object {
  const vocab = Object.fromEntries(SYMBOLS.map((symbol, id) => [symbol, id]));
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [
      { id: 0, content: '$', single_word: false, lstrip: false, rstrip: false, normalized: false, special: true },
    ],
    normalizer: null,
    pre_tokenizer: { type: 'Split', pattern: { Regex: '' }, behavior: 'Isolated', invert: false },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '$', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '$', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '$', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '$', type_id: 0 } },
      ],
      special_tokens: { $: { id: '$', ids: [0], tokens: ['$'] } },
    },
    decoder: null,
    model: { type: 'WordLevel', vocab, unk_token: '$' },
  };
}
