import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../languages.js';
import type { Segment, Timeline, Word } from '../timeline.js';
import type { Cue } from '@voxlate/shared';
import { cueRulesFor } from './cue-rules.js';
import { timelineCues } from './timeline-cues.js';
import { CHINESE, FRENCH, LIBRIVOX } from './test/long-lines.js';

function evenWords(text: string, start: number, end: number): Word[] {
  const words = text.split(' ');
  const step = (end - start) / words.length;
  return words.map((word, i) => ({ text: word, start: start + i * step, end: start + (i + 1) * step }));
}

function segment(id: number, start: number, end: number, fields: Partial<Segment>): Segment {
  return { id, start, end, sourceText: '', words: [], targetText: '', quality: 'full', engines: {}, ...fields };
}

function timeline(segments: Segment[], target: LanguageCode = 'fra'): Timeline {
  return { sourceLanguage: 'eng', targetLanguage: target, duration: 60, sampleRate: 48000, segments, warnings: [] };
}

function expectReadable(cues: Cue[], language: LanguageCode): void {
  const rules = cueRulesFor(language);
  for (const cue of cues) {
    const lines = cue.text.split('\n');
    expect(lines.length).toBeLessThanOrEqual(rules.maxLines);
    for (const line of lines)
      expect({ line, length: line.length <= rules.maxLineChars }).toEqual({ line, length: true });
    expect(cue.end - cue.start).toBeLessThanOrEqual(rules.maxSeconds + 1e-9);
    expect(cue.end).toBeGreaterThan(cue.start);
  }
  for (let i = 1; i < cues.length; i++) expect(cues[i]!.start).toBeGreaterThanOrEqual(cues[i - 1]!.end - 1e-9);
}

describe('subtitles that read well', () => {
  it('cuts a long source line into cues of two lines of 42 at most, at its words’ times and at phrase ends', () => {
    const line = segment(0, 2, 14, { sourceText: LIBRIVOX, words: evenWords(LIBRIVOX, 2, 14) });
    const cues = timelineCues(timeline([line]), 'source');
    expect(cues.length).toBeGreaterThanOrEqual(3);
    expectReadable(cues, 'eng');
    expect(cues.map((cue) => cue.text.replace('\n', ' ')).join(' ')).toBe(LIBRIVOX);
    expect(cues[0]!.start).toBe(2);
    // Cues and lines end at phrase ends where they fall well; a cue starts when its first word is spoken.
    expect(cues[1]!.text).toBe('prudently in his power to do for them,\nhe was not an ill disposed young man,');
    const next = line.words.findIndex((word) => word.text === 'prudently');
    expect(cues[1]!.start).toBeCloseTo(line.words[next]!.start, 6);
  });

  it('cuts a 228-character French dub line by its phonemes; none runs 10 s on one line', () => {
    const phonemes = Array.from({ length: 180 }, (_, i) => ({ phoneme: 'a', start: i * 0.05, end: (i + 1) * 0.05 }));
    const line = segment(0, 1, 10, {
      targetText: FRENCH,
      phonemes,
      speech: { key: 's', sampleRate: 22050, duration: 9 },
      dubbed: { key: 'd', sampleRate: 22050, duration: 9 },
      fit: { tempo: 1, shift: 0, overflow: 0 },
    });
    const cues = timelineCues(timeline([line]), 'target');
    expect(FRENCH.length).toBe(228);
    expect(cues.length).toBeGreaterThanOrEqual(3);
    expectReadable(cues, 'fra');
    expect(cues.at(-1)!.end).toBeGreaterThanOrEqual(10);
  });

  it('keeps Chinese lines to 16 characters, breaking at its full-width punctuation', () => {
    const line = segment(0, 0, 12, { targetText: CHINESE });
    const cues = timelineCues(timeline([line], 'cmn'), 'target');
    expectReadable(cues, 'cmn');
    expect(cues.some((cue) => /[，；]$/u.test(cue.text))).toBe(true);
    expect(cues.map((cue) => cue.text.replace('\n', '')).join('')).toBe(CHINESE);
  });

  it('holds a short cue for 5/6 s, into the silence after it, or delaying the next cue by the frames it needs', () => {
    const cues = timelineCues(
      timeline([
        segment(0, 1, 1.3, { sourceText: 'Yes.', words: [{ text: 'Yes.', start: 1, end: 1.3 }] }),
        segment(1, 1.6, 3, { sourceText: 'Of course.', words: evenWords('Of course.', 1.6, 3), speaker: 'S2' }),
        segment(2, 10, 10.2, { sourceText: 'No.', words: [{ text: 'No.', start: 10, end: 10.2 }] }),
      ]),
      'source',
    );
    expect(cues.map((cue) => [cue.start, cue.end])).toEqual([
      [1, 1 + 5 / 6],
      [1 + 5 / 6, 3],
      [10, 10 + 5 / 6],
    ]);
  });

  it('never lets a cue run across a change of speaker', () => {
    const cues = timelineCues(
      timeline([
        segment(0, 0, 2, { sourceText: 'So what do you think', speaker: 'S1' }),
        segment(1, 2, 4, { sourceText: 'I think it works', speaker: 'S2' }),
      ]),
      'source',
    );
    expect(cues.map((cue) => cue.text)).toEqual(['So what do you think', 'I think it works']);
  });

  it('falls back to proportional times when the text was edited away from its recognised words', () => {
    const line = segment(0, 0, 12, { sourceText: LIBRIVOX, words: evenWords('an older shorter text', 0, 12) });
    const cues = timelineCues(timeline([line]), 'source');
    expectReadable(cues, 'eng');
    expect(cues.at(-1)!.end).toBeGreaterThanOrEqual(12);
  });
});
