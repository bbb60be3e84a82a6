import { describe, expect, it } from 'vitest';
import { ProgressTracker } from './progress.js';

describe('ProgressTracker', () => {
  it('weights stages and never goes backwards', () => {
    const tracker = new ProgressTracker([
      ['ingest', 1],
      ['recognise', 3],
    ]);
    expect(tracker.update('ingest', 1, 2)).toBe(12.5);
    expect(tracker.complete('ingest')).toBe(25);
    expect(tracker.update('ingest', 0, 1)).toBe(25);
    expect(tracker.update('recognise', 1, 3)).toBe(50);
    expect(tracker.update('recognise', 0, 3)).toBe(50);
    expect(tracker.complete('recognise')).toBe(100);
  });
});
