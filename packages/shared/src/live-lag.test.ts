import { describe, expect, it } from 'vitest';
import { LIVE_LINE_PADDING_SECONDS, LiveLagClock, lagFigures } from './live-lag.js';

describe('LiveLagClock', () => {
  it('times a line from the frame that held its last sound, not its padded end', () => {
    const clock = new LiveLagClock();
    // 40 ms frames sent every 40 ms from t = 1000 ms.
    for (let k = 0; k < 100; k++) clock.sent(0.04, 1000 + 40 * k);
    // Last sound at 2.02 s (its end less the padding): the frame from 2.00 to 2.04, sent at 3000 ms.
    expect(clock.lagOf({ start: 0.5, end: 2.02 + LIVE_LINE_PADDING_SECONDS }, 3800)).toBeCloseTo(0.8, 6);
    // A line past what was sent is timed from the last frame; a short line from its start.
    expect(clock.lagOf({ start: 9, end: 9.5 }, 6000)).toBeCloseTo(1.04, 6);
    expect(clock.lagOf({ start: 1.01, end: 1.1 }, 2500)).toBeCloseTo(0.5, 6);
    expect(new LiveLagClock().lagOf({ start: 0, end: 1 }, 0)).toBeUndefined();
  });

  it('reports median, 90th percentile and worst', () => {
    expect(lagFigures([3, 1, 2, 5, 4, 6, 7, 8, 9, 10])).toEqual({
      lines: 10,
      medianSeconds: 6,
      p90Seconds: 10,
      worstSeconds: 10,
    });
  });
});
