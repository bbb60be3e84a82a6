import type { AnswerSegment, SpeakerAnswer } from '@voxlate/contract';
import { voiceProvenance, type Segment, type SpeakerVoice, type Timeline, type VoiceMode } from '@voxlate/core';

/** A segment's speaker, its source line's measured prosody and what was done to its voice, in snake_case. */
export function segmentVoiceFields(segment: Segment): Pick<AnswerSegment, 'speaker' | 'source_prosody' | 'voice'> {
  const { prosody, voice } = segment;
  return {
    ...(segment.speaker ? { speaker: segment.speaker } : {}),
    ...(prosody
      ? {
          source_prosody: {
            voiced_seconds: prosody.voicedSeconds,
            f0_median_hz: prosody.f0MedianHz,
            f0_range_semitones: prosody.f0RangeSemitones,
            loudness_db: prosody.loudnessDb,
            syllables_per_second: prosody.syllablesPerSecond,
            pauses: prosody.pauses,
          },
        }
      : {}),
    ...(voice
      ? {
          voice: {
            mode: voice.mode,
            base_voice: voice.baseVoice,
            ...(voice.reference ? { reference: voice.reference } : {}),
            rate: voice.rate,
            f0_median_hz: voice.f0MedianHz,
            contour: voice.contour,
            energy: voice.energy,
            timbre: voice.timbre,
            pauses: voice.pauses,
            notes: voice.notes ?? [],
            ...(voice.nonCommercial ? { non_commercial: true as const } : {}),
          },
        }
      : {}),
  };
}

/** Each speaker as measured, and the voice the dub gave them. */
export function speakerFields(speakers: readonly SpeakerVoice[] | undefined): SpeakerAnswer[] {
  return (speakers ?? []).map((speaker) => ({
    speaker: speaker.speaker,
    voiced_seconds: speaker.voicedSeconds,
    f0_median_hz: speaker.f0MedianHz,
    f0_range_semitones: speaker.f0RangeSemitones,
    loudness_db: speaker.loudnessDb,
    syllables_per_second: speaker.syllablesPerSecond,
    pause_seconds: speaker.pauseSeconds,
    spectral_tilt_db_per_octave: speaker.spectralTiltDbPerOctave,
    formants_hz: speaker.formantsHz,
    voice: {
      base_voice: speaker.voice.voice,
      pitch_hz: speaker.voice.pitchHz,
      range_semitones: speaker.voice.rangeSemitones,
      formant_scale: speaker.voice.formantScale,
    },
    ...(speaker.reference ? { reference: speaker.reference } : {}),
    ...(speaker.savedVoice ? { saved_voice: { id: speaker.savedVoice.id, name: speaker.savedVoice.name } } : {}),
  }));
}

/** The voice the dub speaks in (a clone asked for is 'shaped' where nothing could be cloned). */
export function voiceModeOf(timeline: Timeline): VoiceMode {
  return voiceProvenance(timeline, timeline.voiceMode ?? 'shaped').mode;
}
