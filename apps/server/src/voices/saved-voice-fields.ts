import type { SavedVoiceAnswer, VoiceProfileFields } from '@voxlate/contract';
import type { VoiceProfile } from '@voxlate/core';
import type { StoredVoice } from '@voxlate/workspace';

/** A saved voice as the API answers it. */
export function savedVoiceFields(voice: StoredVoice): SavedVoiceAnswer {
  return {
    id: voice.id,
    name: voice.name,
    profile: profileFields(voice.profile),
    base_voices: voice.baseVoices,
    ...(voice.reference ? { speech_seconds: voice.reference.seconds } : {}),
    rights: voice.rights,
    ...(voice.savedFrom
      ? {
          saved_from: {
            job_id: voice.savedFrom.jobId,
            speaker: voice.savedFrom.speaker,
            source_language: voice.savedFrom.sourceLanguage,
          },
        }
      : {}),
    created_at: voice.createdAt,
    updated_at: voice.updatedAt,
  };
}

/** The measures under their wire names. */
export function profileFields(profile: VoiceProfile): VoiceProfileFields {
  return withoutUndefined({
    f0_median_hz: profile.f0MedianHz,
    f0_range_semitones: profile.f0RangeSemitones,
    syllables_per_second: profile.syllablesPerSecond,
    pause_seconds: profile.pauseSeconds,
    spectrum_db: profile.spectrumDb,
    spectral_tilt_db_per_octave: profile.spectralTiltDbPerOctave,
    formants_hz: profile.formantsHz,
  });
}

/** The measures read back from their wire names (an imported voice file). */
export function profileOf(fields: VoiceProfileFields): VoiceProfile {
  return withoutUndefined({
    f0MedianHz: fields.f0_median_hz,
    f0RangeSemitones: fields.f0_range_semitones,
    syllablesPerSecond: fields.syllables_per_second,
    pauseSeconds: fields.pause_seconds,
    spectrumDb: fields.spectrum_db,
    spectralTiltDbPerOctave: fields.spectral_tilt_db_per_octave,
    formantsHz: fields.formants_hz,
  });
}

function withoutUndefined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
