import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../languages.js';
import type { Segment, Timeline } from '../timeline.js';
import { bilingualCues } from './bilingual-cues.js';
import type { Cue } from '@voxlate/shared';
import { cueRulesFor } from './cue-rules.js';
import { trackCues } from './track-cues.js';
import { CHINESE, FRENCH, LIBRIVOX as ENGLISH } from './test/long-lines.js';

function dubbedLine(id: number, start: number, end: number, sourceText: string, targetText: string): Segment {
  const seconds = end - start;
  const phonemes = Array.from({ length: 100 }, (_, i) => ({
    phoneme: 'a',
    start: (i * seconds) / 100,
    end: ((i + 1) * seconds) / 100,
  }));
  return {
    id,
    start,
    end,
    sourceText,
    words: [],
    targetText,
    quality: 'full',
    engines: {},
    phonemes,
    speech: { key: `s${id}`, sampleRate: 22050, duration: seconds },
    dubbed: { key: `d${id}`, sampleRate: 22050, duration: seconds },
    fit: { tempo: 1, shift: 0, overflow: 0 },
  };
}

function timeline(segments: Segment[], target: LanguageCode): Timeline {
  return { sourceLanguage: 'eng', targetLanguage: target, duration: 60, sampleRate: 48000, segments, warnings: [] };
}

/** Each cue: the target on its first line, the source on its second, each within its own language's rules. */
function expectReadable(cues: Cue[], target: LanguageCode): void {
  const [targetRules, sourceRules] = [cueRulesFor(target), cueRulesFor('eng')];
  for (const cue of cues) {
    const [targetLine = '', sourceLine = '', ...more] = cue.text.split('\n');
    expect(more).toEqual([]);
    expect({ targetLine, fits: [...targetLine].length <= targetRules.maxLineChars }).toEqual({
      targetLine,
      fits: true,
    });
    expect({ sourceLine, fits: sourceLine.length <= sourceRules.maxLineChars }).toEqual({ sourceLine, fits: true });
    expect(cue.end - cue.start).toBeLessThanOrEqual(targetRules.maxSeconds + 1e-9);
    expect(cue.end - cue.start).toBeGreaterThanOrEqual(targetRules.minSeconds - 1e-9);
  }
  for (let i = 1; i < cues.length; i++) expect(cues[i]!.start).toBeGreaterThanOrEqual(cues[i - 1]!.end - 1e-9);
}

const side = (cues: Cue[], line: 0 | 1, joiner: string): string =>
  cues.map((cue) => cue.text.split('\n')[line]).join(joiner);

describe('bilingual subtitles', () => {
  it('puts the source under the target, one line each in its own language’s width, all words kept in order', () => {
    const cues = bilingualCues(timeline([dubbedLine(0, 1, 13, ENGLISH, FRENCH)], 'fra'));
    expectReadable(cues, 'fra');
    expect(cues.length).toBeGreaterThanOrEqual(6);
    expect(side(cues, 0, ' ')).toBe(FRENCH);
    expect(side(cues, 1, ' ')).toBe(ENGLISH);
    // Shared out in proportion: the source's second half starts near the target's.
    const middle = cues.findIndex((cue) => cue.text.includes("ce n'était"));
    const heAt = cues.findIndex((cue) => /\bhe was\b|\bhe\b$/.test(cue.text.split('\n')[1]!));
    expect(Math.abs(middle - heAt)).toBeLessThanOrEqual(1);
  });

  it('keeps Chinese to 16 characters a line over English words', () => {
    const cues = bilingualCues(timeline([dubbedLine(0, 0, 14, ENGLISH, CHINESE)], 'cmn'));
    expectReadable(cues, 'cmn');
    expect(side(cues, 0, '')).toBe(CHINESE);
    expect(side(cues, 1, ' ')).toBe(ENGLISH);
  });

  it('gives a short target over a long source cues of the source alone rather than an overfull line', () => {
    const source = 'Yes, absolutely, I think that is exactly what we should be doing this afternoon.';
    const cues = bilingualCues(timeline([dubbedLine(0, 2, 6, source, 'Oui.')], 'fra'));
    expect(cues.map((cue) => cue.text)).toEqual([
      'Oui.\nYes, absolutely, I think that is exactly',
      'what we should be doing this afternoon.',
    ]);
    expect(cues[0]!.start).toBe(2);
  });

  it('never lets a cue run across lines (a change of speaker)', () => {
    const cues = bilingualCues(
      timeline(
        [
          { ...dubbedLine(0, 0, 2, 'So what do you think', 'Alors, tu en penses quoi'), speaker: 'S1' },
          { ...dubbedLine(1, 2, 4, 'I think it works', 'Je pense que ça marche'), speaker: 'S2' },
        ],
        'fra',
      ),
    );
    expect(cues.map((cue) => cue.text)).toEqual([
      'Alors, tu en penses quoi\nSo what do you think',
      'Je pense que ça marche\nI think it works',
    ]);
  });

  it('is the track’s subtitles only when asked for', () => {
    const line = timeline([dubbedLine(0, 0, 3, 'Good morning', 'Bonjour')], 'fra');
    expect(trackCues(line, {}).map((cue) => cue.text)).toEqual(['Bonjour']);
    expect(trackCues(line, { bilingual: true }).map((cue) => cue.text)).toEqual(['Bonjour\nGood morning']);
  });
});
