import { describe, expect, it } from 'vitest';
import type { AbuseCase } from './abuse-case.js';
import { quickSubset } from './all-cases.js';

const aCase = (id: string, extra: Partial<AbuseCase> = {}): AbuseCase => ({
  id,
  category: id.split('/')[0]!,
  target: 'service',
  request: () => ({ method: 'GET', path: '/', headers: {}, body: Buffer.alloc(0) }),
  ...extra,
});

describe('the quick subset', () => {
  it('spreads its picks over each family and leaves out slow cases', () => {
    const family = Array.from({ length: 10 }, (_, i) => aCase(`http/${i}`));
    const slow = aCase('media/long', { timeoutMs: 300_000 });
    expect(quickSubset([...family, slow], 5).map((c) => c.id)).toEqual([
      'http/0',
      'http/2',
      'http/4',
      'http/6',
      'http/8',
    ]);
  });

  it('always takes a case that once found a bug, wherever it sits in its family', () => {
    const family = Array.from({ length: 10 }, (_, i) =>
      aCase(`http/${i}`, i === 3 ? { regression: 'left its request folder' } : {}),
    );
    expect(quickSubset(family, 5).map((c) => c.id)).toEqual([
      'http/0',
      'http/2',
      'http/3',
      'http/4',
      'http/6',
      'http/8',
    ]);
  });
});
