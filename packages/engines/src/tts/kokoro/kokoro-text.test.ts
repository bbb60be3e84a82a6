import { describe, expect, it } from 'vitest';
import { normaliseForKokoro, splitAtPunctuation } from './kokoro-text.js';

describe('normaliseForKokoro (as kokoro-js prepares text for eSpeak)', () => {
  it.each([
    ['Dr. Smith met Mr. Brown and Mrs. Green.', 'Doctor Smith met Mister Brown and Mrs Green.'],
    ['It was 1984, then the 1990s and 2005.', 'It was 19 84, then the 19 90s and 2005.'],
    ['In 1900 and 1905.', 'In 19 hundred and 19 oh 5.'],
    ['Meet at 3:00 or 2:05 or 10:30.', "Meet at 3 o'clock or 2 oh 5 or 10 30."],
    ['It costs $5, $1 or $5.50.', 'It costs 5 dollars, 1 dollar or 5 dollars and 50 cents.'],
    ['£1.01 is enough.', '1 pound and 1 penny is enough.'],
    ['Pi is 3.14 and 1,000,000 is big.', 'Pi is 3 point 1 4 and 1000000 is big.'],
    ['Pages 10-20.', 'Pages 10 to 20.'],
    ['“Quoted” (aside)', '"Quoted" «aside»'],
    ['你好，世界。', '你好, 世界.'],
  ])('%s', (text, expected) => {
    expect(normaliseForKokoro(text)).toBe(expected);
  });

  it('cuts words from the punctuation between them, keeping it as written', () => {
    expect(splitAtPunctuation('Really? Yes, of course!')).toEqual([
      { punctuation: false, text: 'Really' },
      { punctuation: true, text: '? ' },
      { punctuation: false, text: 'Yes' },
      { punctuation: true, text: ', ' },
      { punctuation: false, text: 'of course' },
      { punctuation: true, text: '!' },
    ]);
  });
});
