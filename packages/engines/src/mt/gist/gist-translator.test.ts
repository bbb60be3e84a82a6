import { afterEach, describe, expect, it, vi } from 'vitest';
import { GistTranslator } from './gist-translator.js';

const IDLE_MS = 300;

describe('GistTranslator memory', () => {
  // The idle clock is faked: loading CC-CEDICT takes seconds on a busy machine, longer than the
  // idle time, which would release the German dictionary before it could be seen held.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds a dictionary while in use, one CC-CEDICT for all Chinese-script targets, and releases them when idle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const gist = await GistTranslator.create(IDLE_MS);
    try {
      const german = await gist.translate({ text: 'the house is small' }, { source: 'eng', target: 'deu' }, {});
      expect(german.text).toMatch(/Haus/);
      await gist.translate({ text: 'the weather is good' }, { source: 'eng', target: 'cmn' }, {});
      await gist.translate({ text: 'the weather is good' }, { source: 'eng', target: 'yue' }, {});
      expect(gist.heldDictionaries().sort()).toEqual(['cc-cedict', 'freedict-eng-deu']);
      vi.advanceTimersByTime(IDLE_MS - 50);
      expect(gist.heldDictionaries().sort()).toEqual(['cc-cedict', 'freedict-eng-deu']);
      // Before: every dictionary ever used stayed in memory for the life of the service.
      vi.advanceTimersByTime(IDLE_MS * 2);
      expect(gist.heldDictionaries()).toEqual([]);
      const again = await gist.translate({ text: 'the house is small' }, { source: 'eng', target: 'deu' }, {});
      expect(again.text).toBe(german.text);
    } finally {
      await gist.close();
    }
  });
});
