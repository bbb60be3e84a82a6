import type { Timeline } from '../timeline.js';
import type { VoiceMode } from '../voice/voice-types.js';
import { NON_COMMERCIAL_STATEMENT, nonCommercialVoices } from '../voice/non-commercial-voices.js';

export const CLONED_VOICE_STATEMENT =
  'The voices in this dub are clones of the voices of the people in the original, made by machine from their speech.';

/** What the dub's voice is, for its provenance: a clone of whose voice, by which engine. */
export interface VoiceProvenance {
  mode: VoiceMode;
  cloned?: { engine: string; speakers: string[]; statement: string };
  /** Voices whose licence allows non-commercial use only spoke some lines (opted-in MBROLA). */
  nonCommercial?: { voices: string[]; lines: number; statement: string };
}

/** The voice the dub speaks in, and whose voices were cloned (the speakers with a cloned line). */
export function voiceProvenance(timeline: Timeline, asked: VoiceMode): VoiceProvenance {
  const restricted = nonCommercialVoices(timeline);
  const nonCommercial =
    restricted.lines > 0 ? { nonCommercial: { ...restricted, statement: NON_COMMERCIAL_STATEMENT } } : {};
  return { ...clonedProvenance(timeline, asked), ...nonCommercial };
}

function clonedProvenance(timeline: Timeline, asked: VoiceMode): VoiceProvenance {
  const clonedLines = timeline.segments.filter((segment) => segment.voice?.mode === 'clone');
  const mode = timeline.voiceMode ?? asked;
  if (clonedLines.length === 0) return { mode: mode === 'clone' ? 'shaped' : mode };
  const speakers = [...new Set(clonedLines.map((segment) => segment.speaker ?? 'S1'))].sort();
  const engines = [...new Set(clonedLines.map((segment) => segment.engines.tts ?? 'unknown'))].sort();
  return { mode: 'clone', cloned: { engine: engines.join('+'), speakers, statement: CLONED_VOICE_STATEMENT } };
}
