import { EngineUnavailable, throwIfAborted, type EngineContext } from '@voxlate/core';
import ort, { type InferenceSession, type Tensor } from '../../neural/onnx-runtime.js';
import { fromHalf, toHalf } from './half-float.js';

/** Chatterbox's speech-token ids for the start and the end of speech. */
export const SPEECH = { start: 6561, stop: 6562 } as const;
/** The export's generation config and model card: every token already made is penalised by 1.2. */
const REPETITION_PENALTY = 1.2;
/** Speech tokens run at 25 a second; 1000 (40 s) is the model's own ceiling. */
const TOKENS_PER_SECOND = 25;
const MOST_TOKENS = 1000;
/** Speech tokens a line may take per text token before it is called a run-on (about 3x a slow speaker). */
const TOKENS_PER_TEXT_TOKEN = 6;

type Feeds = Record<string, Tensor>;

/**
 * The autoregressive half of Chatterbox: the speaker's prompt and the text's embeddings go into
 * the language model once, then one speech token at a time is chosen (greedily, after the
 * repetition penalty), embedded and fed back with the KV cache, until the model says stop. The
 * language model's floats may be float16 (the q4f16 export): its inputs and cache are built in the
 * types its graph declares.
 */
export class SpeechTokenLoop {
  constructor(
    private readonly embedder: InferenceSession,
    private readonly languageModel: InferenceSession,
  ) {}

  /** The speech tokens of the text (start and stop not included). */
  async speak(textIds: number[], prompt: Tensor, exaggeration: number, context: EngineContext): Promise<number[]> {
    // The tokenizer closes the text with the start of speech; a tokenizer that does not gets it added.
    const ids = textIds.at(-1) === SPEECH.start ? textIds : [...textIds, SPEECH.start];
    // Text positions count from the text's start token; the start of speech is position 0 of the speech.
    const positions = ids.map((id, i) => (id >= SPEECH.start ? 0 : i - 1));
    const hidden = prompt.dims[2]!;
    let rows = concatRows(prompt.data as Float32Array, await this.embed(ids, positions, exaggeration));
    let cache = this.emptyCache();
    let past = 0;
    const made: number[] = [];
    // Every token made is penalised, and the start of speech that opened the speech.
    const penalised = new Set<number>([SPEECH.start]);
    const limit = Math.min(MOST_TOKENS, 4 * TOKENS_PER_SECOND + TOKENS_PER_TEXT_TOKEN * ids.length);
    for (let step = 0; step < limit; step++) {
      throwIfAborted(context.signal);
      const count = rows.length / hidden;
      const outputs = await this.languageModel.run({ ...cache, ...this.stepFeeds(rows, count, hidden, past) });
      const next = choose(lastRow(outputs['logits']!), penalised);
      if (next === SPEECH.stop) return made;
      made.push(next);
      penalised.add(next);
      cache = pastFrom(outputs);
      past += count;
      rows = await this.embed([next], [step + 1], exaggeration);
    }
    throw new EngineUnavailable(
      `Chatterbox did not finish a line of ${ids.length} text tokens within ${limit / TOKENS_PER_SECOND} s of speech ` +
        '(it ran on); the line is spoken in the shaped voice instead.',
    );
  }

  private async embed(ids: number[], positions: number[], exaggeration: number): Promise<Float32Array> {
    const longs = (values: number[]): Tensor =>
      new ort.Tensor('int64', BigInt64Array.from(values.map(BigInt)), [1, values.length]);
    const feeds: Feeds = { input_ids: longs(ids) };
    const wants = this.embedder.inputNames;
    if (wants.includes('position_ids')) feeds['position_ids'] = longs(positions);
    if (wants.includes('exaggeration'))
      feeds['exaggeration'] = new ort.Tensor('float32', Float32Array.of(exaggeration), [1]);
    const { inputs_embeds } = await this.embedder.run(feeds);
    return inputs_embeds!.data as Float32Array;
  }

  private stepFeeds(rows: Float32Array, count: number, hidden: number, past: number): Feeds {
    const feeds: Feeds = {
      inputs_embeds: this.floats('inputs_embeds', rows, [1, count, hidden]),
      attention_mask: new ort.Tensor('int64', new BigInt64Array(past + count).fill(1n), [1, past + count]),
    };
    if (this.languageModel.inputNames.includes('position_ids')) {
      const positions = BigInt64Array.from({ length: count }, (_, k) => BigInt(past + k));
      feeds['position_ids'] = new ort.Tensor('int64', positions, [1, count]);
    }
    return feeds;
  }

  /** Floats in the type the language model declares for the input (float16 in the q4f16 export). */
  private floats(name: string, values: Float32Array, dims: number[]): Tensor {
    return typeOf(this.languageModel, name) === 'float16'
      ? new ort.Tensor('float16', toHalf(values), dims)
      : new ort.Tensor('float32', values, dims);
  }

  /** `past_key_values.*` with no past: [1, heads, 0, head size], in the declared type. */
  private emptyCache(): Feeds {
    const cache: Feeds = {};
    for (const input of this.languageModel.inputMetadata) {
      if (!input.name.startsWith('past_key_values.') || !input.isTensor) continue;
      const [, heads, , size] = input.shape;
      if (typeof heads !== 'number' || typeof size !== 'number') {
        throw new EngineUnavailable(`Chatterbox's language model does not say the shape of ${input.name}.`);
      }
      cache[input.name] =
        input.type === 'float16'
          ? new ort.Tensor('float16', new Uint16Array(0), [1, heads, 0, size])
          : new ort.Tensor('float32', new Float32Array(0), [1, heads, 0, size]);
    }
    return cache;
  }
}

function typeOf(session: InferenceSession, name: string): string | undefined {
  const input = session.inputMetadata.find((candidate) => candidate.name === name);
  return input?.isTensor ? input.type : undefined;
}

function concatRows(first: Float32Array, second: Float32Array): Float32Array {
  const out = new Float32Array(first.length + second.length);
  out.set(first);
  out.set(second, first.length);
  return out;
}

/** The logits of the last position, as float32. */
function lastRow(logits: Tensor): Float32Array {
  const width = logits.dims.at(-1)!;
  const start = logits.data.length - width;
  return logits.type === 'float16'
    ? fromHalf((logits.data as Uint16Array).subarray(start))
    : (logits.data as Float32Array).slice(start);
}

/** Greedy choice after the repetition penalty (positive scores divided, negative multiplied, once per token made). */
export function choose(scores: Float32Array, made: Iterable<number>): number {
  for (const token of new Set(made)) {
    const score = scores[token];
    if (score === undefined) continue;
    scores[token] = score < 0 ? score * REPETITION_PENALTY : score / REPETITION_PENALTY;
  }
  let best = 0;
  for (let token = 1; token < scores.length; token++) if (scores[token]! > scores[best]!) best = token;
  return best;
}

/** `present.*` outputs fed back as the next step's `past_key_values.*`. */
function pastFrom(outputs: Readonly<Record<string, unknown>>): Feeds {
  const cache: Feeds = {};
  for (const [name, value] of Object.entries(outputs)) {
    if (name.startsWith('present.')) cache[`past_key_values.${name.slice('present.'.length)}`] = value as Tensor;
  }
  return cache;
}
