import { describe, expect, it } from 'vitest';
import type { Segment } from '../timeline.js';
import { languageDoubtWarning, languageFitOf, speechMayBeElsewhere } from './language-doubt.js';

const line = (confidences: (number | undefined)[]): Segment =>
  ({
    words: confidences.map((confidence, i) => ({ text: `w${i}`, start: i, end: i + 0.5, confidence })),
  }) as unknown as Segment;

describe('the language fit of a recording', () => {
  it('is the mean word confidence over enough words, and doubtful under 0.45', () => {
    const low = languageFitOf([line(Array<number>(10).fill(0.3)), line(Array<number>(6).fill(0.4))]);
    expect(low!.words).toBe(16);
    expect(low!.meanConfidence).toBeCloseTo(0.3375, 4);
    expect(speechMayBeElsewhere(low)).toBe(true);
    expect(speechMayBeElsewhere(languageFitOf([line(Array<number>(16).fill(0.6))]))).toBe(false);
  });

  it('says nothing on too few words, or a recogniser without confidences', () => {
    expect(languageFitOf([line(Array<number>(14).fill(0.1))])).toBeUndefined();
    expect(languageFitOf([line(Array<undefined>(30).fill(undefined))])).toBeUndefined();
    expect(speechMayBeElsewhere(undefined)).toBe(false);
  });

  it('names the language and what the creator can do', () => {
    const text = languageDoubtWarning('eng', { words: 20, meanConfidence: 0.31 });
    expect(text).toMatch(/^The speech may not be English: .*0\.31 over 20 words/);
    expect(text).toMatch(/--from/);
    expect(text).toMatch(/subtitles/);
    expect(text).toMatch(/auto/);
  });
});
