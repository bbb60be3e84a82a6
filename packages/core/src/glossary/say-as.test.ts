import { describe, expect, it } from 'vitest';
import { glossaryToCsv, parseGlossaryCsv } from './glossary-csv.js';
import { pronunciationsFor, respell } from './say-as.js';

describe('say as', () => {
  const glossary = parseGlossaryCsv(
    'eng,keep,spa,say:eng,say:spa\nSQL,yes,,sequel,ese cu ele\nSQL Server,yes,,sequel server,\nchannel,,canal,,canál\n',
  );

  it('reads and writes a say column per language, and refuses one for a language the term has no form in', () => {
    expect(glossary.terms[0]).toEqual({
      source: 'SQL',
      keep: true,
      targets: {},
      sayAs: { eng: 'sequel', spa: 'ese cu ele' },
    });
    expect(parseGlossaryCsv(glossaryToCsv(glossary))).toEqual(glossary);
    expect(() => parseGlossaryCsv('eng,fra,say:spa\nchannel,chaîne,canál\n')).toThrow(
      /row 2 \("channel"\) says how it is spoken in spa \(say:spa\) but gives it no spa translation/,
    );
    expect(() => parseGlossaryCsv('eng,keep,say:xyz\nSQL,yes,sequel\n')).toThrow(/"say:" and a language code/);
  });

  it('respells whole words in any case, the longest first, and says which', () => {
    const english = pronunciationsFor(glossary, 'eng');
    expect(respell('We run SQL Server and sql, not MySQL.', english, 'eng')).toEqual({
      text: 'We run sequel server and sequel, not MySQL.',
      said: [
        { word: 'SQL Server', sayAs: 'sequel server' },
        { word: 'sql', sayAs: 'sequel' },
      ],
    });
    // A translated term is found in its translation.
    expect(respell('Mi canal.', pronunciationsFor(glossary, 'spa'), 'spa').text).toBe('Mi canál.');
    expect(respell('Nothing here.', english, 'eng')).toEqual({ text: 'Nothing here.', said: [] });
  });

  it('finds a word anywhere in a language written without spaces', () => {
    const japanese = [{ word: 'SQL', sayAs: 'シークェル' }];
    expect(respell('今日はSQLを学ぶ', japanese, 'jpn').text).toBe('今日はシークェルを学ぶ');
    expect(respell('今日はSQLを学ぶ', japanese, 'eng').text).toBe('今日はSQLを学ぶ');
  });
});
