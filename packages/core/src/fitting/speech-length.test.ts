import { describe, expect, it } from 'vitest';
import { estimateSpeechSeconds } from './speech-length.js';

describe('estimateSpeechSeconds', () => {
  it('counts spoken characters only, at each language pace', () => {
    expect(estimateSpeechSeconds('Hello, world!', 'eng')).toBeCloseTo(10 / 14, 5);
    expect(estimateSpeechSeconds('  ...  ', 'eng')).toBe(0);
    expect(estimateSpeechSeconds('欢迎回到我的频道。', 'cmn')).toBeCloseTo(8 / 3.9, 5);
  });

  it('gives a longer time to the longer of two lines', () => {
    expect(estimateSpeechSeconds('Bienvenue sur ma chaîne, mes amis.', 'fra')).toBeGreaterThan(
      estimateSpeechSeconds('Bienvenue.', 'fra'),
    );
  });
});
