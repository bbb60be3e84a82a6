import type { ORIGINAL_SPEECH_CHOICES } from '@voxlate/contract';
import type { VoiceMode } from '../voice/voice-types.js';

/** What becomes of the original voice without a separator, as the contract names the choices. */
export type OriginalSpeech = (typeof ORIGINAL_SPEECH_CHOICES)[number];

/**
 * What the creator chose for one dub, grouped by what each choice changes. The service's and
 * the CLI's tuning (timing, mix, limits) is in DubOptions.
 */
export interface DubChoices {
  voice: {
    /**
     * 'clone': each speaker's own voice where a cloning engine covers the language, else
     * 'shaped': a synthetic voice with their pitch, range and timbre; both with each line's
     * intonation, energy, rate and pauses. 'neutral': a plain voice per speaker (a different one each).
     */
    mode: VoiceMode;
    /** How many people speak, when known; otherwise the diariser finds out. */
    speakers?: number;
  };
  timing: {
    /** The highest speed-up a dubbed line may get to fit its time (the installation's when not given). */
    tempoCap?: number;
    /**
     * Dub only this part of the media, seconds (from its start, to its end, when not given): the
     * rest keeps its original audio.
     */
    part?: { start?: number; end?: number };
  };
  /** Move the speakers' mouths to the dubbed words (output with a picture only). */
  lipSync: boolean;
  /**
   * What becomes of the original voice where no separator takes it out: 'duck' lowers the whole
   * original (voice and background) across each dubbed line's source speech; 'remove' silences it
   * there, so not a syllable of the source language is heard (the background goes with it).
   */
  originalSpeech: OriginalSpeech;
  /** How many dB the original is lowered where it is ducked (the installation's `mix.duckDb` when not given). */
  duckDb?: number;
  subtitles: {
    /** Render the target subtitles into the picture (output with a picture only); the selectable track stays. */
    burnIn: boolean;
    /** The track and the burned-in text carry both languages: the source line under the target line. */
    bilingual: boolean;
  };
}

/** Choices as a request gives them: any group or part of one may be left out. */
export interface ChoicesGiven {
  voice?: Partial<DubChoices['voice']>;
  timing?: DubChoices['timing'];
  lipSync?: boolean;
  originalSpeech?: OriginalSpeech;
  duckDb?: number;
  subtitles?: Partial<DubChoices['subtitles']>;
}

export const DEFAULT_CHOICES: DubChoices = {
  voice: { mode: 'clone' },
  timing: {},
  lipSync: false,
  originalSpeech: 'duck',
  subtitles: { burnIn: false, bilingual: false },
};

/** The choices with the defaults for what was left out (a group's parts one by one). */
export function resolveChoices(given: ChoicesGiven | undefined): DubChoices {
  const { voice, timing, subtitles, ...single } = given ?? {};
  return {
    ...DEFAULT_CHOICES,
    // A single choice given (lipSync, duckDb, ...) wins over its default; one left undefined does not.
    ...Object.fromEntries(Object.entries(single).filter(([, value]) => value !== undefined)),
    voice: { ...DEFAULT_CHOICES.voice, ...voice },
    timing: { ...DEFAULT_CHOICES.timing, ...timing },
    subtitles: { ...DEFAULT_CHOICES.subtitles, ...subtitles },
  };
}
