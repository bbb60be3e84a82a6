import { describe, expect, it } from 'vitest';
import type { VoiceListing } from './language-support.js';
import { qualityNote, speechNote, voiceNote, type SpeechSupport } from './language-support.js';

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

/** Words a creator should not have to read: engine names, commands, units. */
const JARGON = /SVOX|Pico|eSpeak|apertium|MBROLA|npm|dB\b|psola|Pocket TTS/i;

describe('who speaks the chosen language, in the studio', () => {
  it('says a robotic voice plainly, the engine behind Details', () => {
    const note = speechNote('Greek', speech([voice('el', 'male')], true))!;
    expect(note.text).toBe(
      'Greek is spoken by a robotic voice: no natural-sounding voice for Greek is installed here.',
    );
    expect(note.details).toMatch(/^SVOX Pico, a formant synthesiser/);
  });

  it('says whether men and women each get a voice of their own, and who stands in for whom', () => {
    expect(speechNote('Spanish', speech([voice('es-ES', 'female')]))!.text).toContain(
      'a woman’s voice only: men are spoken by it, lowered to their pitch',
    );
    expect(speechNote('Russian', speech([voice('irina', 'female'), voice('aleksandr', 'male')]))!.text).toContain(
      'women’s and men’s voices',
    );
  });

  it('says when a voice is for non-commercial use only, naming it under Details, and only when there is one', () => {
    const note = speechNote('French', speech([voice('fr-FR', 'female'), voice('mbrola:fr1', 'male', true)]))!;
    expect(note.text).toContain('One of its voices is for non-commercial use only (opted in here)');
    expect(note.details).toContain('Non-commercial: MBROLA:FR1.');
    expect(speechNote('French', speech([voice('fr-FR', 'female')]))!.text).not.toMatch(/non-commercial/);
  });

  it('keeps engine names and commands out of every note’s text (they are under Details)', () => {
    const notes = [
      speechNote('Greek', speech([voice('el', 'male')], true)),
      speechNote('French', speech([voice('fr-FR', 'female'), voice('mbrola:fr1', 'male', true)])),
      voiceNote('Cantonese', undefined),
      voiceNote('English', { name: 'Pocket TTS', speechPerSecond: 0.5 }),
      qualityNote('Japanese', { quality: 'gist', engine: 'dictionary' }),
      qualityNote('French', { quality: 'full', engine: 'apertium' }),
    ];
    for (const note of notes) {
      expect(note!.text).not.toMatch(JARGON);
      expect(note!.details).toBeTruthy();
    }
  });
});
