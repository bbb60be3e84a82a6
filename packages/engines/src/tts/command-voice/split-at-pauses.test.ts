import { describe, expect, it } from 'vitest';
import { splitAtPauses } from './split-at-pauses.js';

describe('a line cut at its pauses', () => {
  it('cuts after the words the pauses follow, and keeps the text whole without pauses', () => {
    expect(splitAtPauses('one two three four', [{ afterWord: 1, seconds: 0.4 }])).toEqual([
      { text: 'one two', pauseAfterSeconds: 0.4 },
      { text: 'three four', pauseAfterSeconds: 0 },
    ]);
    expect(splitAtPauses(' one  two ', undefined)).toEqual([{ text: 'one  two', pauseAfterSeconds: 0 }]);
  });

  it('drops a pause after the last word or outside the line', () => {
    const pauses = [
      { afterWord: 2, seconds: 0.5 },
      { afterWord: 7, seconds: 0.5 },
      { afterWord: -1, seconds: 0.5 },
    ];
    expect(splitAtPauses('one two three', pauses)).toEqual([{ text: 'one two three', pauseAfterSeconds: 0 }]);
  });
});
