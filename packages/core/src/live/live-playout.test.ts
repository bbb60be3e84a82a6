import { describe, expect, it } from 'vitest';
import { LivePlayout } from './live-playout.js';

describe('LivePlayout', () => {
  it('plays a line as soon as it is ready, at its own speed, when nothing is playing', () => {
    const playout = new LivePlayout(1.25);
    expect(playout.place({ id: 0, readyAt: 2, seconds: 1.5 })).toEqual({ id: 0, start: 2, end: 3.5, tempo: 1 });
    expect(playout.place({ id: 1, readyAt: 5, seconds: 1 })).toEqual({ id: 1, start: 5, end: 6, tempo: 1 });
  });

  it('queues a line behind the one playing and speeds it up, within the cap, by the time it waited', () => {
    const playout = new LivePlayout(1.25);
    playout.place({ id: 0, readyAt: 0, seconds: 3 });
    const second = playout.place({ id: 1, readyAt: 2.5, seconds: 3 });
    expect(second.start).toBe(3);
    expect(second.tempo).toBeCloseTo(3 / 2.5, 9);
    expect(second.end).toBeCloseTo(5.5, 9); // caught up: it ends as if it had started when ready
  });

  it('lets the lag grow beyond the cap rather than drop a line, and takes it back in the next pause', () => {
    const playout = new LivePlayout(1.25);
    const placed = [0, 1, 2, 3].map((id) => playout.place({ id, readyAt: id * 2, seconds: 3 }));
    for (const [i, line] of placed.entries()) {
      expect(line.tempo).toBeLessThanOrEqual(1.25);
      if (i > 0) expect(line.start).toBeCloseTo(placed[i - 1]!.end, 9); // in order, never overlapping
    }
    const lag = (i: number): number => placed[i]!.start - i * 2;
    expect(lag(3)).toBeGreaterThan(lag(1)); // the speaker runs ahead: the lag grows
    const afterPause = playout.place({ id: 4, readyAt: 20, seconds: 2 });
    expect(afterPause).toEqual({ id: 4, start: 20, end: 22, tempo: 1 });
  });

  it('refuses lines out of order and a cap under 1', () => {
    const playout = new LivePlayout(1.25);
    playout.place({ id: 3, readyAt: 0, seconds: 1 });
    expect(() => playout.place({ id: 2, readyAt: 1, seconds: 1 })).toThrow(/Line 2 came after line 3/);
    expect(() => new LivePlayout(0.9)).toThrow(RangeError);
  });
});
