import { describe, expect, it } from 'vitest';
import { toTmx } from './tmx.js';

describe('TMX export', () => {
  it('escapes XML, drops what XML cannot hold, and tags Cantonese as Cantonese', () => {
    const tmx = toTmx(
      [
        {
          id: 'eng-yue-0',
          sourceLanguage: 'eng',
          targetLanguage: 'yue',
          source: 'Fish & "chips" <now>\u0007',
          target: '炸魚薯條',
          updatedAt: '2026-11-27T00:30:05.123Z',
        },
      ],
      { name: 'Voxlate', version: '1.0' },
    );
    expect(tmx).toContain('<tu tuid="eng-yue-0" creationdate="20261127T003005Z">');
    expect(tmx).toContain('<tuv xml:lang="en"><seg>Fish &amp; &quot;chips&quot; &lt;now&gt;</seg></tuv>');
    expect(tmx).toContain('<tuv xml:lang="yue-Hant"><seg>炸魚薯條</seg></tuv>');
    expect(tmx).toContain('srclang="en"');
  });
});
