import type { PcmAudio } from '../audio.js';
import { measureLine, type SourceLine } from './line-prosody.js';
import type { MeasuredLine } from './speaker-profile.js';
import type { VoiceShaper } from './voice-types.js';

/**
 * A source line measured for its speaker's profile and its own shaping: pitch and level track,
 * prosody, and where voiced, its long-term spectrum and formants. Batch and live dubs measure
 * their lines through this one function.
 */
export async function measureSourceLine(shaper: VoiceShaper, audio: PcmAudio, line: SourceLine): Promise<MeasuredLine> {
  const track = shaper.measure(audio);
  const prosody = measureLine(line, track);
  const voiced = prosody.f0MedianHz !== undefined;
  const spectrumDb = voiced ? await shaper.spectrum(audio, track) : undefined;
  const formantsHz = voiced ? shaper.formants(audio, track) : undefined;
  return { track, prosody, ...(spectrumDb ? { spectrumDb } : {}), ...(formantsHz ? { formantsHz } : {}) };
}
