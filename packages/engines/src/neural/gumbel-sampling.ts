import { LogitsProcessor, type Tensor } from '@huggingface/transformers';

/**
 * Seeded sampling through greedy decoding (the Gumbel-max trick): adding Gumbel noise to
 * logits / temperature and taking the largest is a draw from softmax(logits / temperature).
 * transformers.js samples with Math.random; this gives the same distribution, reproducibly.
 * Only the `topK` best tokens stay in the running.
 */
export class GumbelSampling extends LogitsProcessor {
  private state: number;

  constructor(
    seed: number,
    private readonly temperature = 0.8,
    private readonly topK = 8,
  ) {
    super();
    this.state = seed >>> 0 || 1;
  }

  _call(_inputIds: bigint[][], logits: Tensor): Tensor {
    const rows = logits.dims.at(0) ?? 1;
    const width = logits.dims.at(-1) ?? 0;
    const data = logits.data as Float32Array;
    for (let row = 0; row < rows; row++) this.sampleRow(data.subarray(row * width, (row + 1) * width));
    return logits;
  }

  private sampleRow(row: Float32Array): void {
    const kept = [...row.keys()].sort((a, b) => row[b]! - row[a]!).slice(0, this.topK);
    const noisy = kept.map((token) => row[token]! / this.temperature - Math.log(-Math.log(this.uniform())));
    row.fill(-Infinity);
    kept.forEach((token, i) => (row[token] = noisy[i]!));
  }

  /** mulberry32: a small seeded generator in (0, 1). */
  private uniform(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967297;
  }
}
