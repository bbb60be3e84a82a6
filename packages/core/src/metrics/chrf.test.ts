import { describe, expect, it } from 'vitest';
import { corpusChrF } from './chrf.js';

describe('corpusChrF', () => {
  it('is 100 for identical text and 0 for text sharing no characters', () => {
    expect(corpusChrF([{ reference: 'Tiene correo nuevo.', hypothesis: 'Tiene correo nuevo.' }])).toBeCloseTo(100, 6);
    expect(corpusChrF([{ reference: 'abc', hypothesis: 'xyz' }])).toBe(0);
  });

  it('ranks a closer translation higher, ignoring spaces (so it works for Chinese)', () => {
    const reference = 'Vous avez un nouveau message.';
    const close = corpusChrF([{ reference, hypothesis: 'Vous avez un message nouveau.' }]);
    const far = corpusChrF([{ reference, hypothesis: 'Tu as du courrier.' }]);
    expect(close).toBeGreaterThan(far);
    expect(corpusChrF([{ reference: '您有新邮件。', hypothesis: '您 有 新 邮件 。' }])).toBeCloseTo(100, 6);
  });

  it('weights recall over precision (beta 2): a truncated hypothesis loses more than a padded one', () => {
    const reference = 'Se necesita un directorio de destino';
    const truncated = corpusChrF([{ reference, hypothesis: 'Se necesita' }]);
    const padded = corpusChrF([{ reference, hypothesis: `${reference} y otras cosas más` }]);
    expect(padded).toBeGreaterThan(truncated);
  });
});
