import { describe, expect, it } from 'vitest';
import type { Segment } from '../timeline.js';
import { dubbedLine, frameLoudness } from './dubbed-lines.js';

const segment: Segment = {
  id: 4,
  start: 10,
  end: 12,
  speaker: 'S2',
  sourceText: 'hello',
  words: [],
  targetText: 'hola',
  quality: 'full',
  engines: {},
  phonemes: [
    { phoneme: 'o', start: 0, end: 0.5 },
    { phoneme: 'l', start: 0.5, end: 1 },
  ],
  dubbed: { key: 'dubbed-4', sampleRate: 16000, duration: 0.8 },
  fit: { tempo: 1.25, shift: 0.3, overflow: 0 },
};

describe('dubbedLine', () => {
  it('puts the line where the mix placed it and its phonemes on the sped-up clock', () => {
    const line = dubbedLine(segment)!;
    expect([line.segmentId, line.speaker]).toEqual([4, 'S2']);
    expect(line.start).toBeCloseTo(10.3, 9);
    expect(line.end).toBeCloseTo(11.1, 9);
    expect(line.phonemes.map((p) => [p.phoneme, p.start, p.end])).toEqual([
      ['o', 0, 0.4],
      ['l', 0.4, 0.8],
    ]);
    const { dubbed: _dropped, ...silent } = segment;
    expect(dubbedLine(silent)).toBeUndefined();
  });
});

describe('frameLoudness', () => {
  it('gives each video frame the level of its stretch of speech, loud frames near 1 and silence 0', () => {
    const rate = 1000;
    const samples = new Float32Array(rate).map((_, i) => (i < 500 ? 0.5 * Math.sin(i) : 0));
    const levels = frameLoudness({ samples, sampleRate: rate }, 10);
    expect(levels).toHaveLength(10);
    expect(levels.slice(0, 5).every((level) => level > 0.9)).toBe(true);
    expect(levels.slice(5)).toEqual([0, 0, 0, 0, 0]);
  });
});
