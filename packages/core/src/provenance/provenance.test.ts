import { describe, expect, it } from 'vitest';
import type { Timeline } from '../timeline.js';
import { canonicalJson } from './canonical-json.js';
import { enginesUsed } from './engines-used.js';
import { outputTags } from './output-tags.js';

const timeline: Timeline = {
  sourceLanguage: 'eng',
  targetLanguage: 'spa',
  duration: 10,
  sampleRate: 44100,
  warnings: [],
  segments: [0, 1, 2].map((id) => ({
    id,
    start: id,
    end: id + 1,
    sourceText: 'a',
    words: [],
    targetText: 'b',
    quality: 'full' as const,
    engines: { asr: 'pocketsphinx', mt: id === 2 ? 'dictionary-gist' : 'apertium', tts: 'espeak-ng' },
  })),
};

describe('provenance', () => {
  it('writes the same bytes for the same data, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [true, null, { d: 'x', c: 2 }], e: undefined })).toBe(
      '{"a":[true,null,{"c":2,"d":"x"}],"b":1}',
    );
    expect(canonicalJson({ z: { y: 1, x: 2 } })).toBe(canonicalJson(JSON.parse('{"z":{"x":2,"y":1}}')));
  });

  it('lists each engine that served a line once, per task', () => {
    expect(enginesUsed(timeline)).toEqual({
      asr: ['pocketsphinx'],
      mt: ['apertium', 'dictionary-gist'],
      tts: ['espeak-ng'],
    });
  });

  it('tags the output as synthetic speech, with tool, languages, engines and date', () => {
    const tags = outputTags(timeline, { name: 'Voxlate', version: '1.2.3' }, new Date('2026-11-23T10:11:12Z'));
    expect(tags.comment).toBe(
      'Synthetic speech: dubbed by Voxlate 1.2.3 (eng -> spa). Engines: asr pocketsphinx, mt apertium+dictionary-gist, tts espeak-ng. 2026-11-23T10:11:12.000Z',
    );
    expect(tags.originator).toBe('Voxlate 1.2.3');
    expect(tags.origination_date).toBe('2026-11-23');
    expect(tags.origination_time).toBe('10:11:12');
  });
});
