import { LogitsProcessor, Tensor } from '@huggingface/transformers';
import { describe, expect, it } from 'vitest';
import type { Word } from '@voxlate/core';
import { OncePerKindProcessors, TokenProbabilityRecorder, type ScoredToken } from './token-probabilities.js';
import { withWordProbabilities } from './word-probabilities.js';

/** A byte-level vocabulary in miniature: " hel", "lo", ",", " world", " 世" split over two tokens. */
const PIECES: Record<number, string> = { 0: ' hel', 1: 'lo', 2: ',', 3: ' world', 4: '\u00e4', 5: '\u00b8', 6: ' ' };
const decode = (ids: number[]): string =>
  ids
    .map((id) => PIECES[id]!)
    .join('')
    // Tokens 4 and 5 are the two halves of one character; alone, the first is not yet text.
    .replace('\u00e4\u00b8', '世')
    .replace('\u00e4', '\uFFFD');
const word = (text: string): Word => ({ text, start: 0, end: 1 });
const scored = (...pairs: [number, number][]): ScoredToken[] => pairs.map(([id, probability]) => ({ id, probability }));

describe('withWordProbabilities', () => {
  it('gives each word the mean probability of the tokens that spell it, punctuation and split characters included', () => {
    const passes = [scored([0, 0.9], [1, 0.5], [2, 1], [3, 0.2], [6, 1], [4, 0.4], [5, 0.8])];
    const words = withWordProbabilities([word('hello,'), word('world'), word('世')], passes, decode);
    expect(words.map((w) => w.confidence)).toEqual([0.8, 0.2, 0.733]);
  });

  it('goes on at the next pass where a pass was cut short and decoded again', () => {
    // The first pass's unfinished last segment (",") was thrown away; the second decoded " world" there.
    const passes = [scored([0, 0.9], [1, 0.7], [2, 0.1]), scored([3, 0.6])];
    const words = withWordProbabilities([word('hello'), word('world')], passes, decode);
    expect(words.map((w) => w.confidence)).toEqual([0.8, 0.6]);
  });

  it('claims nothing from the first word it cannot find on', () => {
    const passes = [scored([0, 0.9], [1, 0.7])];
    const words = withWordProbabilities([word('hello'), word('there'), word('hello')], passes, decode);
    expect(words.map((w) => w.confidence)).toEqual([0.8, undefined, undefined]);
  });
});

describe('TokenProbabilityRecorder', () => {
  const logits = (...values: number[]): Tensor => new Tensor('float32', Float32Array.from(values), [1, values.length]);

  it('scores each chosen text token by the softmax over text tokens at the step it was chosen, pass by pass', () => {
    // Three text tokens, then two special ones (ignored by the softmax and never scored).
    const recorder = new TokenProbabilityRecorder(3);
    recorder._call([[9n, 8n]], logits(0, Math.log(3), 0, 50, 50));
    recorder._call([[9n, 8n, 1n]], logits(Math.log(2), 0, Math.log(2), 0, 0));
    recorder._call([[9n, 8n, 1n, 0n]], logits(0, 0, 0, 0, 0));
    recorder._call([[9n, 8n, 1n, 0n, 4n]], logits(0, 0, 0, 0, 0));
    // A new generate() call starts again from the prompt.
    recorder._call([[9n, 8n]], logits(0, 0, 0, 0, 0));
    recorder._call([[9n, 8n, 2n]], logits(0, 0, 0, 0, 0));
    expect(recorder.passes.map((pass) => pass.map((token) => token.id))).toEqual([[1, 0], [2]]);
    expect(recorder.passes[0]![0]!.probability).toBeCloseTo(3 / 5, 6);
    expect(recorder.passes[0]![1]!.probability).toBeCloseTo(2 / 5, 6);
    expect(recorder.passes[1]![0]!.probability).toBeCloseTo(1 / 3, 6);
  });

  it('reads the distribution as it was, whatever a later processor writes into it', () => {
    const recorder = new TokenProbabilityRecorder(2);
    const first = logits(0, 0, 0);
    recorder._call([[7n]], first);
    (first.data as Float32Array).fill(-Infinity);
    recorder._call([[7n, 1n]], logits(0, 0, 0));
    expect(recorder.passes[0]![0]!.probability).toBeCloseTo(0.5, 6);
  });
});

describe('OncePerKindProcessors', () => {
  class Timestamps extends LogitsProcessor {
    override _call(_ids: bigint[][], scores: Tensor): Tensor {
      return scores;
    }
  }

  it('keeps one processor of each kind when generate() adds its rules on every call', () => {
    const list = new OncePerKindProcessors(new TokenProbabilityRecorder(2));
    list.push(new Timestamps());
    list.push(new Timestamps());
    expect(list.processors.map((processor: object) => processor.constructor.name)).toEqual([
      'TokenProbabilityRecorder',
      'Timestamps',
    ]);
  });
});
