import { describe, expect, it } from 'vitest';
import { copiedWords, untranslatedCopies, type Lexicon } from './copied-words.js';

/** A lexicon of a few Spanish words, asked about English words copied into a Spanish line. */
const spanish: Lexicon = {
  known: (language, words) =>
    Promise.resolve(
      language === 'spa' ? new Set(words.filter((word) => ['hotel', 'animal', 'casa'].includes(word))) : undefined,
    ),
};

describe('source words copied into a translation', () => {
  it('are the words in both lines, not short words, names or kept glossary terms', () => {
    const source = 'Homeless people stay at the hotel with Maria and the Voxlate team';
    const target = 'Las personas homeless se quedan en el hotel con Maria y el equipo Voxlate';
    expect(copiedWords(source, target)).toEqual(['homeless', 'hotel']);
    expect(copiedWords('We eat pizza at the hotel', 'Comemos pizza en el hotel', ['pizza'])).toEqual(['hotel']);
    expect(copiedWords('no me gusta', 'no me gusta')).toEqual(['gusta']);
    expect(copiedWords('WAL files and IDs fetching', 'WAL archivos e IDs fetching')).toEqual(['fetching']);
  });

  it('are untranslated when the target language does not know them', async () => {
    expect(await untranslatedCopies(['homeless', 'hotel', 'hearted'], 'spa', spanish)).toEqual(['homeless', 'hearted']);
  });

  it('are untranslated in a language not written in Latin letters, whatever the dictionary', async () => {
    expect(await untranslatedCopies(['homeless', 'москва'], 'rus', undefined)).toEqual(['homeless']);
    expect(await untranslatedCopies(['homeless'], 'jpn', undefined)).toEqual(['homeless']);
  });

  it('are not called untranslated where no dictionary can tell (German "Computer" is German)', async () => {
    expect(await untranslatedCopies(['computer'], 'deu', spanish)).toEqual([]);
  });
});
