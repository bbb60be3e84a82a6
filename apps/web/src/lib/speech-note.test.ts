import { describe, expect, it } from 'vitest';
import type { VoiceListing } from '@voxlate/contract';
import { speechNote, type SpeechSupport } from './language-support.js';

const voice = (id: string, gender: 'female' | 'male', nonCommercial = false): VoiceListing => ({
  id,
  name: id.toUpperCase(),
  gender,
  licence: nonCommercial ? 'MBROLA database licence: non-commercial use only' : 'Apache-2.0',
  non_commercial: nonCommercial,
});

const speech = (voices: VoiceListing[], robotic = false): SpeechSupport => ({
  engine: 'svox-pico',
  name: 'SVOX Pico',
  robotic,
  voices,
});

describe('who speaks the chosen language, in the studio', () => {
  it('says a robotic voice plainly', () => {
    expect(speechNote('Greek', speech([voice('el', 'male')], true))).toMatch(/robotic formant voice/);
  });

  it('says whether men and women each get a voice of their own', () => {
    expect(speechNote('Spanish', speech([voice('es-ES', 'female')]))).toContain('a woman’s voice only');
    expect(speechNote('Russian', speech([voice('irina', 'female'), voice('aleksandr', 'male')]))).toContain(
      'women’s and men’s voices',
    );
  });

  it('names the voices that are for non-commercial use only, and only when there are some', () => {
    const note = speechNote('French', speech([voice('fr-FR', 'female'), voice('mbrola:fr1', 'male', true)]));
    expect(note).toContain('MBROLA:FR1: for non-commercial use only (opted in); a dub spoken by it may not be sold.');
    expect(speechNote('French', speech([voice('fr-FR', 'female')]))).not.toMatch(/non-commercial/);
  });
});
