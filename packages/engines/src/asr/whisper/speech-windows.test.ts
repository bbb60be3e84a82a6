import { describe, expect, it } from 'vitest';
import { packSpans, wordsBySpan } from './speech-windows.js';

describe('packSpans', () => {
  it('packs consecutive spans with silence between them up to the window length', () => {
    const spans = [
      { start: 1, end: 9 },
      { start: 12, end: 20 },
      { start: 40, end: 52 },
      { start: 60, end: 62 },
    ];
    const windows = packSpans(spans, 28, 0.5);
    expect(windows.map((w) => w.pieces.map((p) => p.span))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(windows[0]!.pieces[1]!.offset).toBe(8.5);
    expect(windows[0]!.duration).toBe(16.5);
    expect(windows[1]!.duration).toBe(14.5);
  });

  it('gives a span longer than the window a window of its own', () => {
    const windows = packSpans(
      [
        { start: 0, end: 2 },
        { start: 3, end: 40 },
      ],
      28,
      0.5,
    );
    expect(windows.map((w) => w.pieces.map((p) => p.span))).toEqual([[0], [1]]);
  });

  it('makes no window from no spans', () => {
    expect(packSpans([], 28, 0.5)).toEqual([]);
  });
});

describe('wordsBySpan', () => {
  const [window] = packSpans(
    [
      { start: 10, end: 12 },
      { start: 20, end: 21 },
    ],
    28,
    0.5,
  );

  it('maps window times back to source times, word by word, span by span', () => {
    const grouped = wordsBySpan(
      [
        { text: 'hello', start: 0.2, end: 0.6 },
        { text: 'there', start: 2.6, end: 3.0 },
      ],
      window!,
    );
    expect(grouped.get(0)).toEqual([{ text: 'hello', start: 10.2, end: 10.6 }]);
    expect(grouped.get(1)).toEqual([{ text: 'there', start: 20.1, end: 20.5 }]);
  });

  it('gives a word in the silence to the nearest span and keeps it inside that span', () => {
    const grouped = wordsBySpan([{ text: 'um', start: 1.9, end: 2.2 }], window!);
    expect(grouped.get(0)).toEqual([{ text: 'um', start: 11.9, end: 12 }]);
    expect(grouped.get(1)).toEqual([]);
  });
});
