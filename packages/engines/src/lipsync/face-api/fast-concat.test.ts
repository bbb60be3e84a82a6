import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FACE_API_FILES, InProcessFaceNets } from './in-process-face-nets.js';

interface Tf {
  tensor(values: number[], shape: number[], dtype: string): { dispose(): void };
  concat(tensors: unknown[], axis: number): { shape: number[]; dtype: string; dataSync(): ArrayLike<number> };
  getKernel(name: string, backend: string): { kernelFunc: { name: string } } | undefined;
  getBackend(): string;
}

/** Row-major values of a tensor of `shape` whose every element is `base` plus its index. */
function numbered(shape: number[], base: number): number[] {
  return Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, i) => base + i);
}

/** The concatenation done by hand: for each outer index, each input's inner block in turn. */
function concatByHand(parts: { shape: number[]; values: number[] }[], axis: number): number[] {
  const outer = parts[0]!.shape.slice(0, axis).reduce((a, b) => a * b, 1);
  const inner = parts.map((part) => part.shape.slice(axis).reduce((a, b) => a * b, 1));
  const out: number[] = [];
  for (let row = 0; row < outer; row++) {
    parts.forEach((part, k) => out.push(...part.values.slice(row * inner[k]!, (row + 1) * inner[k]!)));
  }
  return out;
}

describe('the WebAssembly backend’s Concat kernel once face-api is loaded', () => {
  it('is ours, and gives what concatenation gives for short rows, long rows and int32', async () => {
    await InProcessFaceNets.create();
    const tf = (createRequire(import.meta.url)(FACE_API_FILES.entry) as { tf: Tf }).tf;
    expect(tf.getBackend()).toBe('wasm');
    expect(tf.getKernel('Concat', 'wasm')?.kernelFunc.name).toBe('fastConcat');
    const cases: { shapes: number[][]; axis: number; dtype: string }[] = [
      // face-api's mean colour: three one-channel planes along the channels.
      {
        shapes: [
          [1, 5, 7, 1],
          [1, 5, 7, 1],
          [1, 5, 7, 1],
        ],
        axis: 3,
        dtype: 'float32',
      },
      // Its square padding of a tall picture: along the width, rows longer than the copy threshold.
      {
        shapes: [
          [1, 3, 40, 3],
          [1, 3, 9, 3],
        ],
        axis: 2,
        dtype: 'float32',
      },
      {
        shapes: [
          [2, 3],
          [2, 0],
          [2, 4],
        ],
        axis: 1,
        dtype: 'int32',
      },
      {
        shapes: [
          [4, 2],
          [3, 2],
        ],
        axis: 0,
        dtype: 'int32',
      },
    ];
    for (const { shapes, axis, dtype } of cases) {
      const parts = shapes.map((shape, k) => ({ shape, values: numbered(shape, 1000 * k) }));
      const tensors = parts.map((part) => tf.tensor(part.values, part.shape, dtype));
      const joined = tf.concat(tensors, axis);
      expect(joined.dtype).toBe(dtype);
      expect(Array.from(joined.dataSync())).toEqual(concatByHand(parts, axis));
      for (const tensor of tensors) tensor.dispose();
    }
  });
});
