import type { Stats } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ProbeMemo } from './probe-memo.js';

const file = (ino: number, mtimeMs = 1000, size = 10): Stats => ({ dev: 1, ino, size, mtimeMs }) as Stats;

describe('ProbeMemo', () => {
  it('answers for the same file, and not for one written again or another one', () => {
    const memo = new ProbeMemo<string>();
    memo.set(file(1), 'first');
    expect(memo.get(file(1))).toBe('first');
    expect(memo.get(file(1, 1001))).toBeUndefined();
    expect(memo.get(file(1, 1000, 11))).toBeUndefined();
    expect(memo.get(file(2))).toBeUndefined();
  });

  it('keeps the most recently used answers when full', () => {
    const memo = new ProbeMemo<number>(2);
    memo.set(file(1), 1);
    memo.set(file(2), 2);
    expect(memo.get(file(1))).toBe(1);
    memo.set(file(3), 3);
    expect(memo.get(file(2))).toBeUndefined();
    expect(memo.get(file(1))).toBe(1);
    expect(memo.get(file(3))).toBe(3);
  });
});
