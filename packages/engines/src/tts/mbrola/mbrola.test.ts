import { describe, expect, it } from 'vitest';
import { visemeOf } from '@voxlate/core';
import { offlineRegistries } from '../../offline-registries.js';
import { voiceInstalled, type CommandSynthesiser } from '../command-voice/command-synthesiser.js';
import { MbrolaSynthesiser } from './mbrola-synthesiser.js';
import { MBROLA_VOICES } from './mbrola-voices.js';
import { phoTimings } from './pho-timings.js';

// The French voice: the test below speaks French.
const installed = (await MbrolaSynthesiser.isInstalled()) && voiceInstalled(MBROLA_VOICES[0]!);

describe('MBROLA phoneme files', () => {
  it('read as timings, comments and pitch points aside, stretched by the time ratio', () => {
    const pho = '; a comment\n_ 50\nb\t65\no~ 35  0 94 20 95\n\nZ 65 ; trailing\nnonsense line\n';
    expect(phoTimings(pho)).toEqual([
      { phoneme: '_', start: 0, end: 0.05 },
      { phoneme: 'b', start: 0.05, end: 0.115 },
      { phoneme: 'o~', start: 0.115, end: 0.15 },
      { phoneme: 'Z', start: 0.15, end: 0.215 },
    ]);
    expect(phoTimings('a 100\nb 100', 1.5).at(-1)).toEqual({ phoneme: 'b', start: 0.15, end: 0.3 });
  });
});

describe('MBROLA (non-commercial licence)', () => {
  it('marks every voice non-commercial', () => {
    for (const voice of MBROLA_VOICES) {
      expect(voice.nonCommercial).toBe(true);
      expect(voice.licence).toMatch(/non-commercial/);
    }
  });

  it('is never registered without the opt-in, installed or not', async () => {
    expect(await offlineRegistries({ optedInVoices: [] }).tts.installedIds()).not.toContain('mbrola');
  });

  it.skipIf(!installed)('speaks once opted in, saying so on every line, with its own phoneme timings', async () => {
    const registries = offlineRegistries({ optedInVoices: ['mbrola'] });
    expect(await registries.tts.installedIds()).toContain('mbrola');
    const engine = (await registries.tts.get('mbrola')) as CommandSynthesiser;
    const [french] = engine.listVoices('fra');
    expect(engine.listVoices('fra')).toHaveLength(1);
    expect(french).toMatchObject({ id: 'fr1', name: 'MBROLA FR1', gender: 'male', nonCommercial: true });
    expect(french!.licence).toMatch(/non-commercial/);
    const speech = await engine.synthesise('-Bonjour, je suis content de vous voir.', 'fra', {}, { rate: 1.25 });
    expect(speech.nonCommercial).toBe(true);
    const seconds = speech.audio.samples.length / speech.audio.sampleRate;
    // The timings run to the end of the audio (trimmed silences aside) and nearly all have a mouth shape.
    expect(Math.abs(speech.phonemes.at(-1)!.end - seconds)).toBeLessThan(0.05);
    const shaped = speech.phonemes.filter((p) => visemeOf(p.phoneme) !== undefined);
    expect(shaped.length / speech.phonemes.length).toBeGreaterThan(0.9);
    const normal = await engine.synthesise('-Bonjour, je suis content de vous voir.', 'fra', {});
    expect(normal.audio.samples.length / speech.audio.samples.length).toBeCloseTo(1.25, 1);
  });
});
