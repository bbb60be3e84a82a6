import { describe, expect, it } from 'vitest';
import { applySavedVoices, savedVoiceFrom, type SynthesiserVoices } from './saved-voice.js';
import type { BaseVoice, SpeakerVoice } from './voice-types.js';

const voice = (id: string, gender: 'female' | 'male', f0MedianHz: number): BaseVoice => ({
  id,
  name: id,
  gender,
  f0MedianHz,
  f0ReachHz: [f0MedianHz / 2, f0MedianHz * 2],
});
const ENGINE: SynthesiserVoices = {
  engine: 'rhvoice',
  language: 'rus',
  voices: [voice('aleksandr', 'male', 105), voice('yuriy', 'male', 120), voice('anna', 'female', 190)],
};
const RIGHTS = { statement: 'My own voice, for my channel.', at: '2026-11-29T00:00:00.000Z' };

function speaker(id: string, f0MedianHz: number, base: string): SpeakerVoice {
  return {
    speaker: id,
    voicedSeconds: 8,
    f0MedianHz,
    f0RangeSemitones: 6,
    voice: { voice: base, pitchHz: f0MedianHz },
  };
}

describe('saved voices', () => {
  const him = speaker('S1', 100, 'aleksandr');
  const saved = savedVoiceFrom(him, { id: 'v', name: 'Host', rights: RIGHTS, language: 'rus', engine: 'rhvoice' });

  it('speak a speaker in the saved base voice at the saved pitch, keeping their own median to carry intonation', () => {
    const [, her] = applySavedVoices(
      [speaker('S1', 98, 'aleksandr'), speaker('S2', 180, 'anna')],
      { S2: saved },
      ENGINE,
      'shaped',
    );
    expect(her).toMatchObject({
      speaker: 'S2',
      f0MedianHz: 100,
      measuredF0MedianHz: 180,
      voice: { voice: 'aleksandr', pitchHz: 100 },
      voiceChosen: true,
      savedVoice: { id: 'v', name: 'Host', rights: RIGHTS },
    });
  });

  it('give another speaker who had that base voice the next one of their kind', () => {
    const [other] = applySavedVoices(
      [speaker('S1', 98, 'aleksandr'), speaker('S2', 180, 'anna')],
      { S2: saved },
      ENGINE,
      'shaped',
    );
    expect(other!.voice.voice).toBe('yuriy');
    expect(other!.savedVoice).toBeUndefined();
  });

  it('choose the nearest base voice to the saved pitch where the engine lacks the kept one', () => {
    const elsewhere = { ...ENGINE, engine: 'espeak' };
    const [again] = applySavedVoices([speaker('S1', 180, 'anna')], { S1: saved }, elsewhere, 'shaped');
    expect(again!.voice).toMatchObject({ voice: 'aleksandr', pitchHz: 100 });
  });
});
