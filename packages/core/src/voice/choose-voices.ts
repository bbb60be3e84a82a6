import type { BaseVoice, SpeakerVoice, VoiceMode, VoiceSettings } from './voice-types.js';

/** Voices above this median F0 (Hz) sound high (women, children); below, low. */
const HIGH_VOICE_HZ = 160;
/**
 * Formants move at most this far (a ratio) toward the speaker's: vocal tracts differ by about
 * 15 % among adults of one sex; beyond that the scaled voice sounds strained.
 */
const FORMANT_SCALE_LIMITS: [number, number] = [0.88, 1.14];
/** Scales are rounded to this step: each one is a voice the engine prepares once. */
const FORMANT_SCALE_STEP = 0.02;

/**
 * A base voice per speaker: one of the speaker's kind (a female voice for a high speaker, a male
 * one for a low speaker, wherever the engine has both), the one whose natural pitch is nearest the speaker's, and a
 * different one for each speaker as long as the engine has enough, so that speakers stay
 * apart even when their pitch is alike. Speakers are served in order of how much they speak.
 * With 'clone' or 'shaped', the voice is then set to the speaker's median pitch and range.
 * `given` are the voices of speakers who already have one (a speaker added to a finished dub
 * gets a voice none of them has, while there are enough).
 */
export function chooseVoices(
  speakers: readonly Omit<SpeakerVoice, 'voice'>[],
  voices: readonly BaseVoice[],
  mode: VoiceMode,
  given: readonly SpeakerVoice[] = [],
): SpeakerVoice[] {
  const taken = new Set<string>(given.flatMap((speaker) => speaker.voice.voice ?? []));
  const picked = new Map<string, BaseVoice | undefined>();
  const byAmount = [...speakers].sort((a, b) => b.voicedSeconds - a.voicedSeconds);
  byAmount.forEach((speaker, index) => {
    const voice = nearestFree(speaker, voices, taken, given.length + index);
    if (voice) taken.add(voice.id);
    picked.set(speaker.speaker, voice);
  });
  const users = new Map<string, number>();
  for (const id of [
    ...given.flatMap((s) => s.voice.voice ?? []),
    ...[...picked.values()].flatMap((v) => v?.id ?? []),
  ]) {
    users.set(id, (users.get(id) ?? 0) + 1);
  }
  return speakers.map((speaker) => {
    const voice = picked.get(speaker.speaker);
    if (!voice) return { ...speaker, voice: {} };
    const shared = (users.get(voice.id) ?? 0) > 1;
    return { ...speaker, voice: shared ? apartSettings(speaker, voice, mode) : settingsFor(speaker, voice, mode) };
  });
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
  const sameClass = voices.filter((voice) => isHigh(voice) === wanted >= HIGH_VOICE_HZ);
  // A low voice never goes to a high speaker (or back) to keep voices apart: a repeat is better.
  const ranked = [...(sameClass.length > 0 ? sameClass : voices)].sort((a, b) => distance(a) - distance(b));
  return ranked.find((voice) => !taken.has(voice.id)) ?? ranked[0];
}

/**
 * A voice two or more speakers share (an engine with one voice: SVOX Pico's Spanish): each of them
 * is set to their own pitch even in a plain dub, so that two speakers never sound alike. Without a
 * measured pitch a speaker keeps the voice as it is.
 */
function apartSettings(speaker: Omit<SpeakerVoice, 'voice'>, voice: BaseVoice, mode: VoiceMode): VoiceSettings {
  if (mode !== 'neutral' || speaker.f0MedianHz === undefined) return settingsFor(speaker, voice, mode);
  return { voice: voice.id, pitchHz: Math.round(speaker.f0MedianHz) };
}

/**
 * Whether a speaker is spoken by a voice of the other kind, set to their pitch: a woman's voice
 * lowered for a man ('lowered'), a man's raised for a woman ('raised'), where the engine has no
 * voice of the speaker's kind. Undefined for an unmeasured speaker or a voice of their kind.
 */
export function standInKind(
  speaker: Pick<SpeakerVoice, 'f0MedianHz'>,
  voice: BaseVoice | undefined,
): 'lowered' | 'raised' | undefined {
  if (speaker.f0MedianHz === undefined || !voice) return undefined;
  const speakerHigh = speaker.f0MedianHz >= HIGH_VOICE_HZ;
  if (speakerHigh === isHigh(voice)) return undefined;
  return speakerHigh ? 'raised' : 'lowered';
}

/** A female voice is a high one, a male voice a low one; a voice of unknown sex goes by its pitch. */
function isHigh(voice: BaseVoice): boolean {
  return voice.gender ? voice.gender === 'female' : voice.f0MedianHz >= HIGH_VOICE_HZ;
}

function settingsFor(speaker: Omit<SpeakerVoice, 'voice'>, voice: BaseVoice, mode: VoiceMode): VoiceSettings {
  if (mode === 'neutral' || speaker.f0MedianHz === undefined) return { voice: voice.id };
  const formantScale = formantScaleFor(speaker.formantsHz, voice.formantsHz);
  return {
    voice: voice.id,
    pitchHz: speaker.f0MedianHz,
    ...(speaker.f0RangeSemitones === undefined ? {} : { rangeSemitones: speaker.f0RangeSemitones }),
    ...(formantScale === undefined ? {} : { formantScale }),
  };
}

/**
 * How much the voice's formants should move to sit where the speaker's do: the geometric mean
 * of the F2 and F3 ratios (F1 follows the vowel more than the speaker; F2 and F3 over many vowels
 * follow the vocal tract's length), clamped and rounded. Undefined when either is unmeasured or
 * the voice is already within a step.
 */
export function formantScaleFor(
  speakerHz: readonly number[] | undefined,
  voiceHz: readonly number[] | undefined,
): number | undefined {
  if (!speakerHz || !voiceHz || speakerHz.length < 3 || voiceHz.length < 3) return undefined;
  const ratio = Math.sqrt((speakerHz[1]! / voiceHz[1]!) * (speakerHz[2]! / voiceHz[2]!));
  if (!Number.isFinite(ratio)) return undefined;
  const [low, high] = FORMANT_SCALE_LIMITS;
  const scale = Math.round(Math.max(low, Math.min(high, ratio)) / FORMANT_SCALE_STEP) * FORMANT_SCALE_STEP;
  return Math.abs(scale - 1) < FORMANT_SCALE_STEP / 2 ? undefined : Number(scale.toFixed(2));
}
