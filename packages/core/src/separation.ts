import type { EngineContext, EngineInfo } from './engine-info.js';

/** Interleaved 32-bit float PCM in a raw file of the job's folder (too long to hold in memory). */
export interface PcmFile {
  path: string;
  sampleRate: number;
  channels: number;
  frames: number;
}

/** The original's sound split in two: the speech, and everything else (music, ambience, effects). */
export interface SeparatedAudio {
  voice: PcmFile;
  background: PcmFile;
}

/**
 * Splits a recording into voice and background. Works through the file in overlapping chunks
 * and writes both stems to files, so memory stays flat whatever the length.
 */
export interface Separator extends EngineInfo {
  /** The format the engine works in (the input is decoded to it). */
  readonly sampleRate: number;
  readonly channels: number;
  separate(
    input: PcmFile,
    outputs: { voice: string; background: string },
    context: EngineContext,
  ): Promise<SeparatedAudio>;
}

/**
 * What the dub's background is: the separated background at full level, or (no separator) the
 * original ducked, or silenced, across each dubbed line's source speech.
 */
export type BackgroundTreatment =
  | { method: 'separated'; engine: string }
  | { method: 'ducked'; duckDb: number; reason: string }
  | { method: 'removed'; reason: string };
