import { describe, expect, it } from 'vitest';
import { GistTranslator } from './gist-translator.js';

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('GistTranslator memory', () => {
  it('holds a dictionary while in use, one CC-CEDICT for all Chinese-script targets, and releases them when idle', async () => {
    const gist = await GistTranslator.create(300);
    try {
      const german = await gist.translate({ text: 'the house is small' }, { source: 'eng', target: 'deu' }, {});
      expect(german.text).toMatch(/Haus/);
      await gist.translate({ text: 'the weather is good' }, { source: 'eng', target: 'cmn' }, {});
      await gist.translate({ text: 'the weather is good' }, { source: 'eng', target: 'yue' }, {});
      expect(gist.heldDictionaries().sort()).toEqual(['cc-cedict', 'freedict-eng-deu']);
      // Before: every dictionary ever used stayed in memory for the life of the service.
      await wait(900);
      expect(gist.heldDictionaries()).toEqual([]);
      const again = await gist.translate({ text: 'the house is small' }, { source: 'eng', target: 'deu' }, {});
      expect(again.text).toBe(german.text);
    } finally {
      await gist.close();
    }
  });
});
