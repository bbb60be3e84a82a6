import type { LanguageCode } from '@voxlate/core';

/** A voice of a Debian voice program, as its package ships it. */
export interface CataloguedVoice {
  /** The program's own name for it (`slt`, `fr-FR`), unique within the engine. */
  id: string;
  /** What the studio and the report call it. */
  name: string;
  language: LanguageCode;
  gender: 'female' | 'male';
  /** The licence of the voice's data (the program's own may differ; see /licences). */
  licence: string;
  /** The licence allows non-commercial use only (MBROLA's): used only when the creator opts in. */
  nonCommercial?: boolean;
  /** The program cannot move this voice's pitch (Flite's rms): PSOLA alone sets it to the speaker's. */
  fixedPitch?: boolean;
  /**
   * A voice of the other sex made from this one (Debian has only a man's voice for the
   * language): the program is asked for its pitch times this, so that left alone it speaks in a
   * woman's register.
   */
  pitchScale?: number;
  /**
   * Spoken this much slower and lower and played as much faster: its formants (the vocal tract)
   * move up by this ratio, pitch and timing come back to what was asked.
   */
  playedFaster?: number;
  /** Files the voice needs: when one is missing the voice is not installed. */
  files: readonly string[];
}
