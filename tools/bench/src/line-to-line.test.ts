import { describe, expect, it } from 'vitest';
import { lineToLine, type LineLevels, type LinePair } from './line-to-line.js';

const levels = (pitch: number, range: number, loudness: number): LineLevels => ({ pitch, range, loudness });

describe('line-to-line prosody', () => {
  const source = [levels(0, 4, -20), levels(3, 8, -14), levels(-2, 2, -26), levels(1, 5, -18)];

  it('scores a dub that keeps each line above or below its speaker’s others 1, whatever its own level', () => {
    const pairs: LinePair[] = source.map((line) => ({
      speaker: 'A',
      source: line,
      dub: levels(line.pitch + 7, line.range * 0.5 + 1, line.loudness - 10),
    }));
    const figures = lineToLine(pairs);
    expect(figures.pitch).toBeCloseTo(1, 6);
    expect(figures.range).toBeCloseTo(1, 6);
    expect(figures.loudness).toBeCloseTo(1, 6);
  });

  it('scores a flat dub badly, and compares speakers only with themselves', () => {
    const flat: LinePair[] = source.map((line, i) => ({
      speaker: 'A',
      source: line,
      dub: levels(i === 0 || i === 3 ? 1 : 0, 4, i === 0 || i === 3 ? -19.9 : -20),
    }));
    expect(Math.abs(lineToLine(flat).loudness)).toBeLessThan(0.5);
    // Speaker B is 12 semitones above A in source and dub: pooled raw, it would look perfect.
    const apart: LinePair[] = [
      ...flat,
      ...flat.map((pair) => ({
        speaker: 'B',
        source: { ...pair.source, pitch: pair.source.pitch + 12 },
        dub: { ...pair.dub, pitch: pair.dub.pitch + 12 },
      })),
    ];
    expect(lineToLine(apart).pitch).toBeLessThan(0.5);
    expect(lineToLine(apart).lines).toBe(8);
  });
});
