import type { Timeline } from '../timeline.js';

/** Said wherever a dub speaks in a voice whose licence allows non-commercial use only. */
export const NON_COMMERCIAL_STATEMENT =
  "Some lines are spoken by voices whose licence allows non-commercial use only: this dub may not be sold, or used in anything sold, without the voice owners' permission.";

/** The voices with a non-commercial licence that speak some line of the dub, and how many lines. */
export interface NonCommercialUse {
  voices: string[];
  lines: number;
}

export function nonCommercialVoices(timeline: Timeline): NonCommercialUse {
  const spoken = timeline.segments.filter((segment) => segment.voice?.nonCommercial === true);
  const voices = [...new Set(spoken.map((segment) => segment.voice!.baseVoice))].sort();
  return { voices, lines: spoken.length };
}

/** The result's warning (without a line count, so that a re-dub does not leave a stale one beside it). */
export function nonCommercialWarning(use: NonCommercialUse): string {
  return `Voices licensed for non-commercial use only speak some lines (${use.voices.join(', ')}): this dub may not be sold, or used in anything sold, without the voice owners' permission.`;
}
