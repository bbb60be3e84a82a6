import type { VoiceListing } from './language-support.js';
import { describe, expect, it } from 'vitest';
import { plainVoiceNames } from './plain-voice-name.js';

function voice(id: string, gender: VoiceListing['gender']): VoiceListing {
  return { id, name: `Engine ${id}`, gender, licence: 'free', non_commercial: false };
}

describe('voices named in plain words', () => {
  it('names a voice by its kind, numbered only where a language has several of that kind', () => {
    const names = plainVoiceNames([voice('a', 'female'), voice('b', 'male'), voice('c', 'male'), voice('d', null)]);
    expect([...names.values()]).toEqual(['Woman’s voice', 'Man’s voice 1', 'Man’s voice 2', 'Voice']);
    expect([...names.values()].join(' ')).not.toMatch(/Engine/);
  });
});
