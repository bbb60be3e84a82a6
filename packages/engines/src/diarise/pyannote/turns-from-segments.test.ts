import { describe, expect, it } from 'vitest';
import { turnsFromSegments } from './turns-from-segments.js';

describe('turnsFromSegments', () => {
  it('cuts a span where the speaker changes and numbers speakers by first appearance', () => {
    const turns = turnsFromSegments(
      [{ start: 1, end: 5 }],
      [
        { start: 0.9, end: 3, speaker: 4 },
        { start: 3, end: 5.2, speaker: 2 },
      ],
    );
    expect(turns).toHaveLength(2);
    expect(turns[0]).toMatchObject({ speaker: 0 });
    expect(turns[0]!.start).toBeCloseTo(1, 6);
    expect(turns[0]!.end).toBeCloseTo(3, 2);
    expect(turns[1]).toMatchObject({ speaker: 1 });
    expect(turns[1]!.end).toBeCloseTo(5, 6);
  });

  it('gives a span no segment covers the nearest speaker, and the gaps inside one too', () => {
    const segments = [
      { start: 0, end: 2, speaker: 0 },
      { start: 10, end: 12, speaker: 1 },
    ];
    expect(turnsFromSegments([{ start: 8, end: 9 }], segments)).toEqual([{ start: 8, end: 9, speaker: 0 }]);
    const [first, second] = turnsFromSegments(
      [
        { start: 0.5, end: 1.5 },
        { start: 8, end: 9 },
      ],
      segments,
    );
    expect(first!.speaker).toBe(0);
    // The second span's nearest voice is the other speaker's.
    expect(second!.speaker).toBe(1);
  });

  it('lets the shorter of two overlapping segments win (the interjection over the long turn)', () => {
    const turns = turnsFromSegments(
      [{ start: 0, end: 6 }],
      [
        { start: 0, end: 6, speaker: 0 },
        { start: 2, end: 3, speaker: 1 },
      ],
    );
    expect(turns.map((turn) => turn.speaker)).toEqual([0, 1, 0]);
    expect(turns[1]!.start).toBeCloseTo(2, 2);
    expect(turns[1]!.end).toBeCloseTo(3, 2);
  });

  it('folds a run under half a second into its longer neighbour', () => {
    const turns = turnsFromSegments(
      [{ start: 0, end: 4 }],
      [
        { start: 0, end: 1, speaker: 0 },
        { start: 1, end: 1.3, speaker: 1 },
        { start: 1.3, end: 4, speaker: 2 },
      ],
    );
    expect(turns).toHaveLength(2);
    expect(turns[1]!.start).toBeCloseTo(1, 2);
    expect(turns.map((turn) => turn.speaker)).toEqual([0, 1]);
  });

  it('without any segment (nobody heard) keeps each span whole, one speaker', () => {
    expect(turnsFromSegments([{ start: 1, end: 2 }], [])).toEqual([{ start: 1, end: 2, speaker: 0 }]);
  });
});
