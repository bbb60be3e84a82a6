import type { BaseVoice, SpeakerVoice, VoiceMode, VoiceSettings } from './voice-types.js';

/** Voices above this median F0 (Hz) sound high (women, children); below, low. */
const HIGH_VOICE_HZ = 160;

/**
 * A base voice per speaker: the one whose natural pitch is nearest the speaker's, and a
 * different one for each speaker as long as the engine has enough, so that speakers stay
 * apart even when their pitch is alike. Speakers are served in order of how much they speak.
 * With 'preserve', the voice is then set to the speaker's median pitch and range.
 */
export function chooseVoices(
  speakers: readonly Omit<SpeakerVoice, 'voice'>[],
  voices: readonly BaseVoice[],
  mode: VoiceMode,
): SpeakerVoice[] {
  const taken = new Set<string>();
  const chosen = new Map<string, VoiceSettings>();
  const byAmount = [...speakers].sort((a, b) => b.voicedSeconds - a.voicedSeconds);
  byAmount.forEach((speaker, order) => {
    const voice = nearestFree(speaker, voices, taken, order);
    if (!voice) {
      chosen.set(speaker.speaker, {});
      return;
    }
    taken.add(voice.id);
    chosen.set(speaker.speaker, settingsFor(speaker, voice, mode));
  });
  return speakers.map((speaker) => ({ ...speaker, voice: chosen.get(speaker.speaker)! }));
}

function nearestFree(
  speaker: Omit<SpeakerVoice, 'voice'>,
  voices: readonly BaseVoice[],
  taken: ReadonlySet<string>,
  order: number,
): BaseVoice | undefined {
  if (voices.length === 0) return undefined;
  // Unmeasured speakers alternate between low and high voices, in order.
  const wanted = speaker.f0MedianHz ?? (order % 2 === 0 ? 110 : 210);
  const distance = (voice: BaseVoice): number => Math.abs(Math.log(voice.f0MedianHz / wanted));
  const sameClass = voices.filter((voice) => voice.f0MedianHz >= HIGH_VOICE_HZ === wanted >= HIGH_VOICE_HZ);
  // A low voice never goes to a high speaker (or back) to keep voices apart: a repeat is better.
  const ranked = [...(sameClass.length > 0 ? sameClass : voices)].sort((a, b) => distance(a) - distance(b));
  return ranked.find((voice) => !taken.has(voice.id)) ?? ranked[0];
}

function settingsFor(speaker: Omit<SpeakerVoice, 'voice'>, voice: BaseVoice, mode: VoiceMode): VoiceSettings {
  if (mode === 'neutral' || speaker.f0MedianHz === undefined) return { voice: voice.id };
  return {
    voice: voice.id,
    pitchHz: speaker.f0MedianHz,
    ...(speaker.f0RangeSemitones === undefined ? {} : { rangeSemitones: speaker.f0RangeSemitones }),
  };
}
