import { BadInput } from './errors.js';
import { quoteInput } from '@voxlate/contract';
import type { AudioSource } from './audio.js';
import type { EngineContext, EngineInfo } from './engine-info.js';
import type { TimeSpan } from './segmentation/segment-speech.js';

/** One speaker's stretch of speech; `speaker` is a 0-based index, numbered by first appearance. */
export interface SpeakerTurn {
  start: number;
  end: number;
  speaker: number;
}

export interface DiariseOptions {
  /** The number of speakers, when the user knows it; otherwise the engine finds it. */
  speakers?: number;
}

/** Tells who speaks when, within the stretches of speech found. */
export interface Diariser extends EngineInfo {
  /** Turns covering the spans (a span may be cut where the speaker changes), in time order. */
  diarise(
    audio: AudioSource,
    spans: readonly TimeSpan[],
    options: DiariseOptions,
    context: EngineContext,
  ): Promise<SpeakerTurn[]>;
}

/** "S1", "S2", ... as segments and reports name speakers. */
export function speakerLabel(index: number): string {
  return `S${index + 1}`;
}

/** The most speakers a user may announce (and a diariser is asked to find). */
export const MAX_SPEAKERS = 20;

/** A speaker count as a user gives it ("2"), checked; `field` names it in the error. */
export function speakerCount(value: string, field: string): number {
  const count = Number(value.trim());
  if (!Number.isInteger(count) || count < 1 || count > MAX_SPEAKERS) {
    throw new BadInput(`${field} must be a whole number from 1 to ${MAX_SPEAKERS}, got ${quoteInput(value)}.`);
  }
  return count;
}
