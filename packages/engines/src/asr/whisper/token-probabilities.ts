import { LogitsProcessor, LogitsProcessorList, type Tensor } from '@huggingface/transformers';

/** A generated text token and how probable the model found it when it chose it. */
export interface ScoredToken {
  id: number;
  probability: number;
}

/**
 * Records each generated text token's probability while Whisper decodes, as a logits processor
 * (transformers.js's pipeline returns text and times, never scores). The probability is the
 * softmax over the text tokens only (ids below end-of-text), as openai-whisper computes its word
 * probabilities, so the mass the model gives timestamps and special tokens does not lower it.
 *
 * A processor sees the distribution before the token is chosen, so each step keeps a copy of it
 * and the next step, whose input ends with the chosen token, scores that token. Tokens are kept
 * per decoding pass (one generate() call from the prompt): the seek loop may throw away a pass's
 * unfinished last segment and decode it again in the next pass.
 */
export class TokenProbabilityRecorder extends LogitsProcessor {
  readonly passes: ScoredToken[][] = [];
  private previous: { length: number; logits: Float32Array; logSumExp: number } | undefined;

  constructor(private readonly textTokens: number) {
    super();
  }

  override _call(inputIds: bigint[][], logits: Tensor): Tensor {
    const sequence = inputIds[0];
    if (!sequence) return logits;
    const previous = this.previous;
    if (previous && sequence.length === previous.length + 1) {
      const id = Number(sequence[sequence.length - 1]);
      if (id < this.textTokens) {
        this.passes.at(-1)!.push({ id, probability: Math.exp(previous.logits[id]! - previous.logSumExp) });
      }
    } else {
      this.passes.push([]);
    }
    // Copied: later processors (timestamp rules) rewrite the logits in place.
    const textLogits = Float32Array.from((logits.data as Float32Array).subarray(0, this.textTokens));
    this.previous = { length: sequence.length, logits: textLogits, logSumExp: logSumExp(textLogits) };
    return logits;
  }
}

/**
 * The list to hand to the pipeline: Whisper's generate() adds its timestamp rules to the list it
 * is given on every call, and a window longer than 30 s is decoded in several calls with the same
 * list; a processor of a kind already there is not added twice.
 */
export class OncePerKindProcessors extends LogitsProcessorList {
  constructor(first: LogitsProcessor) {
    super();
    super.push(first);
  }

  override push(item: LogitsProcessor): void {
    const processors = this.processors as LogitsProcessor[];
    if (!processors.some((processor) => processor.constructor === item.constructor)) super.push(item);
  }
}

function logSumExp(values: Float32Array): number {
  let max = -Infinity;
  for (const value of values) if (value > max) max = value;
  if (max === -Infinity) return -Infinity;
  let sum = 0;
  for (const value of values) sum += Math.exp(value - max);
  return max + Math.log(sum);
}
