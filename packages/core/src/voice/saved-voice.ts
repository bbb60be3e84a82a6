import type { LanguageCode } from '../languages.js';
import type { TimeSpan } from '../segmentation/segment-speech.js';
import type { Segment } from '../timeline.js';
import { chooseVoices } from './choose-voices.js';
import { chooseSpeakerReferences } from './voice-references.js';
import type { BaseVoice, SavedVoiceUse, SpeakerVoice, VoiceMode, VoiceRights, VoiceSettings } from './voice-types.js';

/**
 * What makes a voice sound like its speaker, as measured on them: pitch and range, rate and
 * pauses, timbre and formants. Loudness and the seconds measured are the recording's, not the
 * voice's: a dub keeps its own.
 */
export type VoiceProfile = Pick<
  SpeakerVoice,
  | 'f0MedianHz'
  | 'f0RangeSemitones'
  | 'syllablesPerSecond'
  | 'pauseSeconds'
  | 'spectrumDb'
  | 'spectralTiltDbPerOctave'
  | 'formantsHz'
>;

const PROFILE_KEYS = [
  'f0MedianHz',
  'f0RangeSemitones',
  'syllablesPerSecond',
  'pauseSeconds',
  'spectrumDb',
  'spectralTiltDbPerOctave',
  'formantsHz',
] as const satisfies readonly (keyof VoiceProfile)[];

/** The base voice a saved voice was spoken in for one target language, and by which synthesiser. */
export interface KeptBaseVoice {
  engine: string;
  voice: string;
}

/**
 * A speaker's voice kept in the creator's library, to speak the same person the same way in
 * every later dub: their measures, the base voice chosen for them per target language, the
 * speech a cloning engine copies, and the creator's statement that they may use it.
 */
export interface SavedVoice {
  id: string;
  name: string;
  profile: VoiceProfile;
  baseVoices: Partial<Record<LanguageCode, KeptBaseVoice>>;
  reference?: SavedVoiceUse['reference'];
  rights: VoiceRights;
}

/** The measures of a speaker that a saved voice keeps. */
export function voiceProfileOf(speaker: SpeakerVoice): VoiceProfile {
  const profile: VoiceProfile = {};
  for (const key of PROFILE_KEYS) {
    if (speaker[key] !== undefined) Object.assign(profile, { [key]: speaker[key] });
  }
  return profile;
}

/**
 * A speaker of a dub as a voice to save: their measures, the base voice they were spoken in for
 * the dub's language, and the speech given.
 */
export function savedVoiceFrom(
  speaker: SpeakerVoice,
  saving: Pick<SavedVoice, 'id' | 'name' | 'rights' | 'reference'> & { language: LanguageCode; engine?: string },
): SavedVoice {
  const { language, engine, reference, ...named } = saving;
  const base = speaker.voice.voice;
  return {
    ...named,
    profile: voiceProfileOf(speaker),
    baseVoices: base !== undefined && engine !== undefined ? { [language]: { engine, voice: base } } : {},
    ...(reference ? { reference } : {}),
  };
}

/**
 * The stretches of a dub's source a speaker's voice is saved with: the reference their voice was
 * cloned from, else their cleanest speech chosen the same way (none: too little clean speech).
 */
export function speechToSave(segments: readonly Segment[], speaker: SpeakerVoice): TimeSpan[] {
  if (speaker.reference) return speaker.reference.spans;
  const lines = segments.map(({ id, start, end, speaker: who, prosody }) => ({
    id,
    start,
    end,
    ...(who === undefined ? {} : { speaker: who }),
    ...(prosody ? { prosody } : {}),
  }));
  return chooseSpeakerReferences(lines).find((reference) => reference.speaker === speaker.speaker)?.spans ?? [];
}

/** The synthesiser a dub speaks in, with its measured base voices for the target language. */
export interface SynthesiserVoices {
  engine: string;
  language: LanguageCode;
  voices: readonly BaseVoice[];
}

/**
 * The speakers of a dub with the saved voices the creator gave them: each such speaker takes the
 * saved voice's measures and, where this synthesiser has it, the same base voice as before (else
 * the nearest to the saved pitch, the same one every time), set to the saved pitch; the other
 * speakers keep theirs, or, when they would share a saved voice's base voice, are matched again
 * among the rest.
 */
export function applySavedVoices(
  speakers: readonly SpeakerVoice[],
  saved: Readonly<Record<string, SavedVoice>>,
  synthesiser: SynthesiserVoices,
  mode: VoiceMode,
): SpeakerVoice[] {
  const voiced = speakers.map((speaker) => {
    const voice = saved[speaker.speaker];
    return voice ? speakInSavedVoice(speaker, voice, synthesiser, mode) : speaker;
  });
  const givenSaved = voiced.filter((speaker) => speaker.savedVoice);
  const savedBases = new Set(givenSaved.flatMap((speaker) => speaker.voice.voice ?? []));
  const clashing = voiced.filter((speaker) => !speaker.savedVoice && savedBases.has(speaker.voice.voice ?? ''));
  if (clashing.length === 0) return voiced;
  const rematched = chooseVoices(clashing.map(withoutVoice), synthesiser.voices, mode, givenSaved);
  return voiced.map((speaker) => rematched.find((other) => other.speaker === speaker.speaker) ?? speaker);
}

/** One speaker spoken in a saved voice. */
export function speakInSavedVoice(
  speaker: SpeakerVoice,
  saved: SavedVoice,
  synthesiser: SynthesiserVoices,
  mode: VoiceMode,
): SpeakerVoice {
  const { voice: _matched, voiceChosen: _chosen, savedVoice: _before, reference, ...measured } = speaker;
  const measures = { ...withoutProfile(measured), ...saved.profile };
  const settings = savedSettings(measures, saved, synthesiser, mode);
  const use: SavedVoiceUse = {
    id: saved.id,
    name: saved.name,
    rights: saved.rights,
    ...(saved.reference ? { reference: saved.reference } : {}),
  };
  const ownHz = speaker.measuredF0MedianHz ?? speaker.f0MedianHz;
  return {
    ...measures,
    voice: settings,
    voiceChosen: true,
    savedVoice: use,
    ...(ownHz === undefined ? {} : { measuredF0MedianHz: ownHz }),
    ...(reference ? { reference } : {}),
  };
}

/** The speaker without the measures a saved voice replaces (none of this media's is left beside the saved ones). */
function withoutProfile<Speaker extends VoiceProfile>(speaker: Speaker): Omit<Speaker, keyof VoiceProfile> {
  const rest: Partial<Speaker> = { ...speaker };
  for (const key of PROFILE_KEYS) delete rest[key];
  return rest as Omit<Speaker, keyof VoiceProfile>;
}

/**
 * The settings a saved voice is spoken with: the base voice kept for this language and engine,
 * when the engine still has it, else the nearest one to the saved measures; set as a matched
 * speaker's would be (pitch and range, formants) by the same rules.
 */
function savedSettings(
  measures: Omit<SpeakerVoice, 'voice'>,
  saved: SavedVoice,
  synthesiser: SynthesiserVoices,
  mode: VoiceMode,
): VoiceSettings {
  const kept = saved.baseVoices[synthesiser.language];
  const keptVoice =
    kept?.engine === synthesiser.engine ? synthesiser.voices.find((voice) => voice.id === kept.voice) : undefined;
  // With one voice to choose from, chooseVoices picks it and sets it as it sets any speaker's.
  const choices = keptVoice ? [keptVoice] : synthesiser.voices;
  return chooseVoices([measures], choices, mode)[0]!.voice;
}

function withoutVoice(speaker: SpeakerVoice): Omit<SpeakerVoice, 'voice'> {
  const { voice: _voice, ...rest } = speaker;
  return rest;
}
