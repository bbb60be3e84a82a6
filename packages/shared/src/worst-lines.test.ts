import { describe, expect, it } from 'vitest';
import { checkSummary, worstLines } from './worst-lines.js';

const fit = { verdict: 'natural pace' };
const heardLine = (id: number, score: number, verdict: string, heard: string) => ({
  id,
  check: { score, verdict, fit, intelligibility: { verdict: heard } },
});
const timedLine = (id: number, score = 1, verdict = 'timed') => ({ id, check: { score, verdict, fit } });

describe('the dub check summary', () => {
  it('says every line is good only when every line was heard back', () => {
    expect(checkSummary([heardLine(0, 1, 'good', 'clear')], 'English')).toBe(
      'Every dubbed line was heard back and checks good.',
    );
    expect(checkSummary([timedLine(0), timedLine(1)], 'French')).toBe(
      'The lines were timed only, not heard back (no recogniser for French is installed here): their timing is fine, but none is called good.',
    );
    expect(checkSummary([heardLine(0, 1, 'good', 'clear'), timedLine(1)], 'English')).toBe(
      'The 1 lines heard back check good; 1 was timed only, not heard back.',
    );
    expect(checkSummary([{ id: 0 }], 'English')).toBeUndefined();
  });

  it('names the lines to listen to first, and never a line only timed with nothing wrong', () => {
    const lines = [timedLine(0), timedLine(1, 0.4, 'redo'), heardLine(2, 0.6, 'listen', 'unclear in places')];
    expect(worstLines(lines)).toBe('line 2 (0.40: redo), line 3 (0.60: unclear in places)');
    expect(checkSummary(lines, 'English')).toBe(
      'Listen first to line 2 (0.40: redo), line 3 (0.60: unclear in places). 2 lines were timed only, not heard back.',
    );
  });
});
