import type { Timeline } from '../timeline.js';
import type { VoiceMode, VoiceRights } from '../voice/voice-types.js';
import { NON_COMMERCIAL_STATEMENT, nonCommercialVoices } from '../voice/non-commercial-voices.js';

export const CLONED_VOICE_STATEMENT =
  'The voices in this dub are clones of the voices of the people in the original, made by machine from their speech.';

/** What the dub's voice is, for its provenance: a clone of whose voice, by which engine. */
export interface VoiceProvenance {
  mode: VoiceMode;
  cloned?: { engine: string; speakers: string[]; statement: string };
  /** Voices whose licence allows non-commercial use only spoke some lines (opted-in MBROLA). */
  nonCommercial?: { voices: string[]; lines: number; statement: string };
  /** Speakers spoken in a voice from the creator's library, with the creator's statement that they may use it. */
  saved?: SavedVoiceProvenance[];
}

export interface SavedVoiceProvenance {
  speaker: string;
  voice: { id: string; name: string };
  rights: VoiceRights;
}

/** The voice the dub speaks in, and whose voices were cloned (the speakers with a cloned line). */
export function voiceProvenance(timeline: Timeline, asked: VoiceMode): VoiceProvenance {
  const restricted = nonCommercialVoices(timeline);
  const nonCommercial =
    restricted.lines > 0 ? { nonCommercial: { ...restricted, statement: NON_COMMERCIAL_STATEMENT } } : {};
  const saved = savedVoices(timeline);
  return { ...clonedProvenance(timeline, asked), ...nonCommercial, ...(saved.length > 0 ? { saved } : {}) };
}

/** The speakers with a line spoken in a saved voice. */
function savedVoices(timeline: Timeline): SavedVoiceProvenance[] {
  const speaking = new Set(
    timeline.segments.filter((segment) => segment.voice).map((segment) => segment.speaker ?? 'S1'),
  );
  return (timeline.speakers ?? []).flatMap((speaker) =>
    speaker.savedVoice && speaking.has(speaker.speaker)
      ? [
          {
            speaker: speaker.speaker,
            voice: { id: speaker.savedVoice.id, name: speaker.savedVoice.name },
            rights: speaker.savedVoice.rights,
          },
        ]
      : [],
  );
}

function clonedProvenance(timeline: Timeline, asked: VoiceMode): VoiceProvenance {
  const clonedLines = timeline.segments.filter((segment) => segment.voice?.mode === 'clone');
  const mode = timeline.voiceMode ?? asked;
  if (clonedLines.length === 0) return { mode: mode === 'clone' ? 'shaped' : mode };
  const speakers = [...new Set(clonedLines.map((segment) => segment.speaker ?? 'S1'))].sort();
  const engines = [...new Set(clonedLines.map((segment) => segment.engines.tts ?? 'unknown'))].sort();
  return { mode: 'clone', cloned: { engine: engines.join('+'), speakers, statement: CLONED_VOICE_STATEMENT } };
}
