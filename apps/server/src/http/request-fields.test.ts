import { describe, expect, it } from 'vitest';
import { BadInput } from '@voxlate/core';
import { voiceOptionsFrom } from './request-fields.js';

describe('voiceOptionsFrom', () => {
  it('keeps Preserve Voice on unless use_voice_cloning is "false", and reads an optional speaker count', () => {
    expect(voiceOptionsFrom({})).toEqual({ voice: 'preserve' });
    expect(voiceOptionsFrom({ use_voice_cloning: 'true', speakers: '3' })).toEqual({ voice: 'preserve', speakers: 3 });
    expect(voiceOptionsFrom({ use_voice_cloning: 'false', speakers: '' })).toEqual({ voice: 'neutral' });
  });

  it('refuses a flag or a count it cannot read, naming the field', () => {
    expect(() => voiceOptionsFrom({ use_voice_cloning: 'yes' })).toThrow(/use_voice_cloning must be "true" or "false"/);
    for (const speakers of ['0', '21', '2.5', 'many', -1]) {
      expect(() => voiceOptionsFrom({ speakers })).toThrow(BadInput);
    }
    expect(() => voiceOptionsFrom({ speakers: 'many' })).toThrow(
      /speakers must be a whole number from 1 to 20, got "many"/,
    );
  });
});
