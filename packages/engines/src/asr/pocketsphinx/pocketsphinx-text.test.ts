import { describe, expect, it } from 'vitest';
import { parseHypsegLine } from './parse-hypseg.js';
import { isDoubtful, parseCtmConfidences, withConfidences } from './parse-ctm.js';
import { splitEvenly } from './split-evenly.js';

describe('parseHypsegLine', () => {
  it('reads words with absolute times and drops fillers', () => {
    const line =
      'u3 S 0 T -8540133 A -8536064 L -4069 0 -291840 0 <s> 21 -760832 -227 but 35 -575488 -426 been(2) 63 -1 -1 <sil> 70 -1 -1 [NOISE] 80 -556032 -528 john 98 -1 -1 </s> 301';
    expect(parseHypsegLine(line, 10)).toEqual({
      uttId: 'u3',
      words: [
        { text: 'but', start: 10.21, end: 10.35 },
        { text: 'been', start: 10.35, end: 10.63 },
        { text: 'john', start: 10.8, end: 10.98 },
      ],
      // Each word's acoustic score per 10 ms frame and its language model score, for its doubt.
      scores: [
        { acousticPerFrame: -760832 / 14, language: -227 },
        { acousticPerFrame: -575488 / 28, language: -426 },
        { acousticPerFrame: -556032 / 18, language: -528 },
      ],
    });
  });

  it('ignores lines that are not hypotheses', () => {
    expect(parseHypsegLine('INFO: something', 0)).toBeUndefined();
  });
});

describe('splitEvenly', () => {
  it('balances the total duration between workers and keeps order within each', () => {
    const spans = [4, 1, 1, 1, 1, 4, 2].map((length, i) => ({ start: i * 10, end: i * 10 + length }));
    const groups = splitEvenly(spans, 2);
    const totals = groups.map((group) => group.reduce((sum, span) => sum + span.end - span.start, 0));
    expect(totals.sort()).toEqual([7, 7]);
    expect(groups.flat().sort((a, b) => a.start - b.start)).toEqual(spans);
    for (const group of groups) expect(group).toEqual([...group].sort((a, b) => a.start - b.start));
  });

  it('never makes more groups than spans', () => {
    expect(splitEvenly([{ start: 0, end: 1 }], 4)).toHaveLength(1);
  });
});

describe('word confidences from the CTM', () => {
  it('takes each word’s posterior and judges it doubtful only when unlikely and poorly heard', () => {
    const ctm = parseCtmConfidences('u3 1 0.03 0.54 dashwood 0.036\nu3 1 0.58 0.25 had(2) 0.027\nu4 1 0 0.2 go 0.9\n');
    expect(ctm.get('u3')).toEqual([
      { text: 'dashwood', confidence: 0.036 },
      { text: 'had', confidence: 0.027 },
    ]);
    const words = [
      { text: 'dashwood', start: 0, end: 0.5 },
      { text: 'had', start: 0.6, end: 0.8 },
    ];
    const scores = [
      { acousticPerFrame: -30000, language: -389 },
      { acousticPerFrame: -40000, language: -700 },
    ];
    expect(withConfidences(words, scores, ctm.get('u3'))).toEqual([
      { ...words[0], confidence: 0.036, unsure: false },
      { ...words[1], confidence: 0.027, unsure: true },
    ]);
    // Lists that do not match claim nothing.
    expect(withConfidences(words, scores, ctm.get('u4'))).toEqual(words);
    expect(isDoubtful({ acousticPerFrame: -30000, language: -700 }, 0.9)).toBe(false);
  });
});
