import { describe, expect, it } from 'vitest';
import { fitCheckOf, intelligibilityOf, lineCheck } from './line-check.js';

describe("a dubbed line's check", () => {
  const natural = fitCheckOf({ tempo: 1, overflow: 0 }, 1.3);

  it('calls a line good only when it was heard back and nothing was found wrong', () => {
    const heard = lineCheck({ fit: natural, intelligibility: intelligibilityOf(0, 'welcome back', 'pocketsphinx') });
    expect(heard.verdict).toBe('good');
    expect(lineCheck({ fit: natural }).verdict).toBe('timed');
    expect(lineCheck({ fit: natural }).score).toBe(1);
  });

  it('still finds what timing alone shows in a line nobody heard', () => {
    const overrun = lineCheck({ fit: fitCheckOf({ tempo: 1.3, overflow: 0.3 }, 1.3) });
    expect(overrun.verdict).toBe('redo');
    expect(lineCheck({ fit: fitCheckOf({ tempo: 1.3, overflow: 0 }, 1.3) }).verdict).toBe('listen');
  });
});
