import { describe, expect, it } from 'vitest';
import type { LanguageCode, Speech, Synthesiser, VoiceListing, VoiceSettings } from '@voxlate/core';
import { VoiceSet } from './voice-set.js';

/** A synthesiser that lists the given voices and says, in its audio's length, which voice spoke. */
function fake(id: string, voices: VoiceListing[], robotic = false): Synthesiser & { asked: VoiceSettings[] } {
  const asked: VoiceSettings[] = [];
  return {
    id,
    name: id.toUpperCase(),
    kind: 'offline',
    timings: 'phonemes',
    languages: ['ita'] as LanguageCode[],
    robotic,
    asked,
    listVoices: () => voices,
    baseVoices: () =>
      Promise.resolve(voices.map((v) => ({ ...v, f0MedianHz: v.gender === 'male' ? 110 : 200, f0ReachHz: [90, 300] }))),
    synthesise: (_text, _language, _context, settings = {}): Promise<Speech> => {
      asked.push(settings);
      return Promise.resolve({ audio: { samples: new Float32Array(10), sampleRate: 16000 }, phonemes: [] });
    },
  };
}

const woman = (id: string): VoiceListing => ({ id, name: id, gender: 'female', licence: 'L' });
const man = (id: string): VoiceListing => ({ id, name: id, gender: 'male', licence: 'L' });

describe('a language’s voices from several engines', () => {
  it('lends the best engine a man’s voice from the next engine that has one, never a robotic one', async () => {
    const pico = fake('svox-pico', [woman('it-IT')]);
    const festival = fake('festival', [man('pc_diphone'), woman('lp_diphone')]);
    const espeak = fake('espeak-ng', [man('it')], true);
    const set = VoiceSet.of([pico, espeak, festival], 'ita')!;
    expect(set.id).toBe('svox-pico');
    expect(set.listVoices!('ita').map((v) => v.id)).toEqual(['it-IT', 'festival:pc_diphone']);
    expect((await set.baseVoices!('ita')).map((v) => [v.id, v.gender])).toEqual([
      ['it-IT', 'female'],
      ['festival:pc_diphone', 'male'],
    ]);
    const lent = await set.synthesise('Buongiorno', 'ita', {}, { voice: 'festival:pc_diphone', pitchHz: 120 });
    expect(lent.engine).toBe('festival');
    expect(festival.asked).toEqual([{ voice: 'pc_diphone', pitchHz: 120 }]);
    const own = await set.synthesise('Buongiorno', 'ita', {}, { voice: 'it-IT' });
    expect(own.engine).toBe('svox-pico');
    expect(espeak.asked).toEqual([]);
  });

  it('is the best engine itself when it has both sexes, or when nothing but a robot could fill in', () => {
    const rhvoice = fake('rhvoice', [woman('clb'), man('bdl')]);
    expect(VoiceSet.of([rhvoice, fake('flite', [man('rms')])], 'ita')).toBe(rhvoice);
    const pico = fake('svox-pico', [woman('fr-FR')]);
    expect(VoiceSet.of([pico, fake('espeak-ng', [man('fr')], true)], 'ita')).toBe(pico);
  });
});
