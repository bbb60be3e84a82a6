import type { PcmAudio } from '../audio.js';
import type { EngineContext, EngineInfo } from '../engine-info.js';
import type { LanguageCode } from '../languages.js';
import type { PhonemeTiming } from '../phonemes.js';

/** Speech of the person whose voice is to be spoken: a few seconds of them alone. */
export interface VoiceReference {
  audio: PcmAudio;
  /** What they say in it, for engines that need the words with the sound; absent when unknown. */
  transcript?: string;
}

/** How a cloned line is to be spoken, as far as the engine can. */
export interface CloneControls {
  /**
   * Makes the same text with the same reference sound the same every time (a re-dub of an
   * edited line keeps its voice); engines that sample noise seed it with this.
   */
  seed?: number;
  /** Expressiveness, 0 (flat) to 1 (strong), from the source line's measured prosody. */
  expressiveness?: number;
}

/** A text-to-speech engine that speaks in the voice of a reference recording (zero-shot cloning). */
export interface VoiceCloner extends EngineInfo {
  readonly languages: readonly LanguageCode[];
  /**
   * Seconds of speech it makes per second of work on two CPU cores (above 1: faster than real
   * time), as measured or published for the real model: the time estimate shown before it runs.
   */
  readonly speechPerSecond: number;
  /** Reference lengths it works with, seconds: shorter is refused, longer is cut. */
  readonly referenceSeconds: { min: number; max: number };
  /** The rate it hears references at: a reference is taken from the source at this rate (full band). */
  readonly referenceRate: number;
  clone(
    text: string,
    language: LanguageCode,
    reference: VoiceReference,
    context: EngineContext,
    controls?: CloneControls,
  ): Promise<{ audio: PcmAudio; phonemes: PhonemeTiming[] }>;
}
