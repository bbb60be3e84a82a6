import { describe, expect, it } from 'vitest';
import type { Segment } from '../timeline.js';
import { reviewFlagsOf } from './review-flags.js';
import { reviewSummary } from './review-summary.js';

const OPTIONS = { tempoCap: 1.3, unsureBelow: 0.5 };

function segment(fields: Partial<Segment>): Segment {
  return {
    id: 0,
    start: 1,
    end: 3,
    sourceText: '',
    words: [],
    targetText: '',
    quality: 'full',
    engines: {},
    ...fields,
  };
}

describe('reviewFlagsOf', () => {
  it('flags the words the recogniser doubted, with their times and confidences', () => {
    const line = segment({
      sourceText: 'he was not until exposed',
      words: [
        { text: 'he', start: 1, end: 1.2, confidence: 0.99, unsure: false },
        { text: 'was', start: 1.2, end: 1.4, confidence: 0.99, unsure: false },
        { text: 'not', start: 1.4, end: 1.7, confidence: 1, unsure: false },
        { text: 'until', start: 1.7, end: 2, confidence: 0.87, unsure: true },
        { text: 'exposed', start: 2, end: 2.5, confidence: 0.3, unsure: false },
      ],
    });
    // The recogniser's own judgement wins over its bare posterior.
    expect(reviewFlagsOf(line, OPTIONS)).toEqual([
      { reason: 'unsure-words', words: [{ text: 'until', start: 1.7, end: 2, confidence: 0.87 }] },
    ]);
  });

  it('falls back to the confidence for a recogniser that gives no judgement, and drops it once the text was edited', () => {
    const words = [
      { text: 'go', start: 1, end: 1.2, confidence: 0.9 },
      { text: 'forward', start: 1.2, end: 1.6, confidence: 0.2 },
    ];
    expect(reviewFlagsOf(segment({ sourceText: 'go forward', words }), OPTIONS)).toEqual([
      { reason: 'unsure-words', words: [{ text: 'forward', start: 1.2, end: 1.6, confidence: 0.2 }] },
    ]);
    expect(reviewFlagsOf(segment({ sourceText: 'go forwards now', words }), OPTIONS)).toEqual([]);
  });

  it('flags source words left untranslated, at their time in the source, and the fit and gist', () => {
    const line = segment({
      sourceText: 'my vlog thumbnail',
      words: [
        { text: 'my', start: 1, end: 1.2 },
        { text: 'vlog', start: 1.2, end: 1.6 },
        { text: 'thumbnail', start: 1.6, end: 2.2 },
      ],
      targetText: 'el thumbnail de mi vlog',
      untranslated: ['thumbnail', 'vlog', 'gone'],
      fit: { tempo: 1.3, shift: 0, overflow: 0.4 },
      quality: 'gist',
    });
    expect(reviewFlagsOf(line, OPTIONS)).toEqual([
      {
        reason: 'untranslated',
        words: [
          { text: 'thumbnail', start: 1.6, end: 2.2 },
          { text: 'vlog', start: 1.2, end: 1.6 },
        ],
      },
      { reason: 'tempo-cap' },
      { reason: 'overflow' },
      { reason: 'gist' },
    ]);
  });

  it('leaves a clean line unflagged, and the summary counts lines by reason', () => {
    const clean = segment({ fit: { tempo: 1.1, shift: 0, overflow: 0 } });
    expect(reviewFlagsOf(clean, OPTIONS)).toEqual([]);
    const timeline = {
      sourceLanguage: 'eng' as const,
      targetLanguage: 'spa' as const,
      duration: 10,
      sampleRate: 48000,
      warnings: [],
      segments: [
        { ...clean, review: [] },
        { ...clean, id: 1, review: [{ reason: 'tempo-cap' as const }, { reason: 'gist' as const }] },
        { ...clean, id: 2, review: [{ reason: 'gist' as const }] },
      ],
    };
    expect(reviewSummary(timeline)).toBe('2 of 3 lines want a look (at the tempo cap: 1, a word-by-word gist: 2)');
  });
});
