import { describe, expect, it } from 'vitest';
import { segmentSpeech, speechRuns } from './segment-speech.js';

const FRAME = 0.03;

/** Builds frames from [seconds, isSpeech] runs. */
function frames(...runs: [number, 0 | 1][]): { frameSeconds: number; speech: Uint8Array } {
  const values: number[] = [];
  for (const [seconds, speech] of runs) values.push(...Array<number>(Math.round(seconds / FRAME)).fill(speech));
  return { frameSeconds: FRAME, speech: Uint8Array.from(values) };
}

describe('segmentSpeech', () => {
  it('finds runs of speech frames', () => {
    expect(speechRuns(Uint8Array.from([0, 1, 1, 0, 1]))).toEqual([
      { start: 1, end: 3 },
      { start: 4, end: 5 },
    ]);
  });

  it('returns nothing for silence', () => {
    expect(segmentSpeech(frames([10, 0]), 10)).toEqual([]);
  });

  it('keeps short pauses inside an utterance and splits at long ones', () => {
    const spans = segmentSpeech(frames([1, 0], [2, 1], [0.15, 0], [2, 1], [1.5, 0], [3, 1], [1, 0]), 10.65);
    expect(spans).toHaveLength(2);
    expect(spans[0]!.start).toBeCloseTo(0.89, 3);
    expect(spans[0]!.end).toBeCloseTo(5.26, 3);
    expect(spans[1]!.start).toBeGreaterThan(6.5);
  });

  it('drops bursts too short to be speech', () => {
    expect(segmentSpeech(frames([1, 0], [0.09, 1], [3, 0]), 4.09)).toEqual([]);
  });

  it('splits utterances longer than the maximum at their longest pause', () => {
    const spans = segmentSpeech(frames([9, 1], [0.3, 0], [8, 1], [0.12, 0], [6, 1]), 23.42);
    expect(spans.length).toBeGreaterThanOrEqual(2);
    for (const span of spans) expect(span.end - span.start).toBeLessThanOrEqual(15 + 0.2 + 1e-9);
    expect(spans[0]!.end).toBeCloseTo(9.1, 3);
  });

  it('joins a short utterance to a close neighbour', () => {
    const spans = segmentSpeech(frames([2, 1], [0.6, 0], [0.4, 1], [3, 0]), 6);
    expect(spans).toHaveLength(1);
    expect(spans[0]!.end).toBeGreaterThan(3);
  });

  it('never makes spans that overlap or leave the media', () => {
    const spans = segmentSpeech(frames([0.5, 1], [0.4, 0], [2, 1], [0.4, 0], [2, 1]), 5.3);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    expect(spans[0]!.start).toBeGreaterThanOrEqual(0);
    expect(spans.at(-1)!.end).toBeLessThanOrEqual(5.3);
  });
});
