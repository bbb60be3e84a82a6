import { describe, expect, it } from 'vitest';
import { grownBuffer } from './grown-buffer.js';

describe('grownBuffer', () => {
  it('hands out the length asked for, on the same memory until a call needs more', () => {
    const next = grownBuffer((length) => new Float32Array(length));
    const first = next(8);
    const smaller = next(4);
    expect([first.length, smaller.length]).toEqual([8, 4]);
    expect(smaller.buffer).toBe(first.buffer);
    const larger = next(16);
    expect(larger.length).toBe(16);
    expect(larger.buffer).not.toBe(first.buffer);
  });

  it('keeps each use apart', () => {
    const a = grownBuffer((length) => new Uint8Array(length));
    const b = grownBuffer((length) => new Uint8Array(length));
    expect(a(4).buffer).not.toBe(b(4).buffer);
  });
});
