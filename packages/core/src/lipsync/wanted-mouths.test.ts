import { describe, expect, it } from 'vitest';
import type { LipSyncLine } from './lip-sync-types.js';
import { wantedMouths } from './wanted-mouths.js';

const line = (phonemes: LipSyncLine['phonemes'], loudness?: number[]): LipSyncLine => ({
  segmentId: 1,
  speaker: 'S1',
  start: 2,
  end: 3,
  phonemes,
  ...(loudness ? { loudness } : {}),
});

describe('wantedMouths', () => {
  // "pa-ma" at 10 fps: p 0-0.1, a 0.1-0.4, m 0.4-0.5, a 0.5-0.8, then silence.
  const papa = line([
    { phoneme: 'p', start: 0, end: 0.1 },
    { phoneme: 'a', start: 0.1, end: 0.4 },
    { phoneme: 'm', start: 0.4, end: 0.5 },
    { phoneme: 'a', start: 0.5, end: 0.8 },
  ]);

  it('closes the lips on p and m, opens them on a, and rests after the speech', () => {
    const mouths = wantedMouths(papa, 10, 20, 10);
    const open = mouths.map((m) => Number(m.shape.openness.toFixed(2)));
    expect(mouths[0]!.closure && mouths[4]!.closure).toBe(true);
    expect([open[0], open[4]]).toEqual([0, 0]);
    expect(open[2]).toBe(1);
    expect(open[9]).toBe(0);
  });

  it('blends a frame toward its neighbours (the mouth is on its way to the next sound)', () => {
    const open = wantedMouths(papa, 10, 20, 10).map((m) => m.shape.openness);
    // Frame 1 (a, after the p) is less open than the middle of the vowel.
    expect(open[1]).toBeLessThan(open[2]!);
    expect(open[1]).toBeGreaterThan(0.5);
  });

  it('closes the lips for a p shorter than a frame that falls between two frame times', () => {
    const quick = line([
      { phoneme: 'a', start: 0, end: 0.12 },
      { phoneme: 'p', start: 0.12, end: 0.17 },
      { phoneme: 'a', start: 0.17, end: 0.4 },
    ]);
    const mouths = wantedMouths(quick, 10, 20, 4);
    expect(mouths.some((m) => m.closure)).toBe(true);
  });

  it('follows the loudness when the voice gave no phonemes', () => {
    const open = wantedMouths(line([], [0, 0.9, 0.9, 0.9, 0]), 10, 20, 5).map((m) => m.shape.openness);
    expect(open[0]).toBeLessThan(0.3);
    expect(open[2]).toBeCloseTo(0.9, 5);
  });

  it('stretches a line whose mouths would stay nearly shut to the speaker’s range, closures still shut', () => {
    // A soft line: loud frames at a quarter of the line's loud level, a p in the middle.
    const soft = line(
      [
        { phoneme: 'a', start: 0, end: 0.4 },
        { phoneme: 'p', start: 0.4, end: 0.5 },
        { phoneme: 'e', start: 0.5, end: 0.9 },
      ],
      [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3],
    );
    const mouths = wantedMouths(soft, 10, 20, 10);
    const open = mouths.filter((mouth) => !mouth.closure).map((mouth) => mouth.shape.openness);
    expect(Math.max(...open)).toBeGreaterThanOrEqual(0.85);
    expect(mouths[4]!.closure).toBe(true);
    expect(mouths[4]!.shape.openness).toBe(0);
    // Never stretched more than 2.5 times: a line heard only as loudness 0.1 opens to 0.25, not wide.
    const whisper = wantedMouths(line([], Array<number>(10).fill(0.1)), 10, 20, 10);
    expect(whisper.map((mouth) => Number(mouth.shape.openness.toFixed(3)))).toEqual(Array<number>(10).fill(0.25));
  });
});
