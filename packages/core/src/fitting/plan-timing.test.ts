import { describe, expect, it } from 'vitest';
import { DEFAULT_FIT, planTiming, smoothTempos, type LineToFit } from './plan-timing.js';

describe('planTiming', () => {
  it('never speeds up a line that fits its slot, and starts it at its source start', () => {
    const [fit] = planTiming([{ start: 2, end: 5, speechSeconds: 2.5 }], 10);
    expect(fit).toMatchObject({ tempo: 1, shift: 0, overflow: 0, placedStart: 2 });
  });

  it('uses the silence before the next line before speeding up', () => {
    const plan = planTiming(
      [
        { start: 0, end: 2, speechSeconds: 2.8 },
        { start: 3, end: 5, speechSeconds: 1 },
      ],
      10,
    );
    expect(plan[0]).toMatchObject({ tempo: 1, overflow: 0 });
  });

  it('speeds up to what is needed, within the cap', () => {
    const plan = planTiming(
      [
        { start: 0, end: 2, speechSeconds: 2.4 },
        { start: 2.05, end: 5, speechSeconds: 1 },
      ],
      10,
    );
    expect(plan[0]!.tempo).toBeCloseTo(1.2, 2);
    expect(plan[0]!.overflow).toBe(0);
  });

  it('overflows only beyond the cap and pushes the next line so nothing overlaps', () => {
    const plan = planTiming(
      [
        { start: 0, end: 2, speechSeconds: 4 },
        { start: 2.05, end: 6, speechSeconds: 1 },
      ],
      10,
    );
    expect(plan[0]!.tempo).toBe(DEFAULT_FIT.tempoCap);
    expect(plan[0]!.overflow).toBeGreaterThan(0);
    expect(plan[1]!.shift).toBeGreaterThan(0);
    expect(plan[1]!.placedStart).toBeGreaterThanOrEqual(plan[0]!.placedStart + plan[0]!.placedSeconds);
  });

  it('lets a pushed line speed up within the cap to get back in time, so the push does not reach the end', () => {
    const plan = planTiming(
      [
        { start: 0, end: 2, speechSeconds: 3.4 },
        { start: 2.3, end: 5, speechSeconds: 2.6 },
        { start: 5.3, end: 7, speechSeconds: 1.5 },
      ],
      8,
    );
    expect(plan[1]!.shift).toBeGreaterThan(0);
    expect(plan[1]!.tempo).toBeGreaterThan(1);
    expect(plan[1]!.overflow).toBe(0);
    expect(plan[2]).toMatchObject({ tempo: 1, shift: 0, overflow: 0 });
  });

  it('respects a configured cap', () => {
    const plan = planTiming([{ start: 0, end: 1, speechSeconds: 3 }], 1.5, { ...DEFAULT_FIT, tempoCap: 1.1 });
    expect(plan[0]!.tempo).toBe(1.1);
  });

  it('keeps dubbed lines apart on a dense random timeline', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const lines: LineToFit[] = [];
    let t = 0;
    for (let i = 0; i < 200; i++) {
      const length = 1 + random() * 5;
      lines.push({ start: t, end: t + length, speechSeconds: length * (0.6 + random()) });
      t += length + random() * 0.8;
    }
    const plan = planTiming(lines, t + 5);
    for (let i = 1; i < plan.length; i++) {
      const previousEnd = plan[i - 1]!.placedStart + plan[i - 1]!.placedSeconds;
      expect(plan[i]!.placedStart).toBeGreaterThanOrEqual(previousEnd - 1e-6);
    }
    plan.forEach((fit, i) => {
      expect(fit.tempo).toBeLessThanOrEqual(DEFAULT_FIT.tempoCap);
      const fits = lines[i]!.speechSeconds <= lines[i]!.end - lines[i]!.start;
      if (fits && fit.shift === 0) expect(fit.tempo).toBe(1);
    });
  });
});

describe('smoothTempos', () => {
  it('spreads a speed-up over neighbouring sped-up lines instead of jumping', () => {
    const tempos = smoothTempos([1.3, 1.0, 1.0, 1.0], [true, true, true, true], DEFAULT_FIT);
    expect(tempos).toEqual([1.3, 1.25, 1.2, expect.closeTo(1.15, 5) as number]);
  });

  it('leaves lines that fit their slot at 1', () => {
    const tempos = smoothTempos([1.3, 1, 1.2], [true, false, true], DEFAULT_FIT);
    expect(tempos).toEqual([1.3, 1, 1.2]);
  });
});
