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

describe('ProgressTracker.replan', () => {
  it('shares what is left of the bar among the stages still to run, from where it stands', () => {
    const tracker = new ProgressTracker([
      ['ingest', 1],
      ['recognise', 1],
      ['lipsync', 2],
    ]);
    expect(tracker.complete('ingest')).toBe(25);
    // The media has no picture: lip sync will not run.
    tracker.replan([
      ['ingest', 1],
      ['recognise', 1],
      ['lipsync', 0],
    ]);
    expect(tracker.update('recognise', 1, 2)).toBe(62.5);
    expect(tracker.complete('recognise')).toBe(100);
    expect(tracker.complete('lipsync')).toBe(100);
  });
});
