import type { EngineContext, EngineInfo } from '../engine-info.js';
import type { RecognisedSpan, Synthesiser, TimeStretcher, Translator } from '../engine.js';
import type { LanguageCode } from '../languages.js';
import type { VoiceShaper } from '../voice/voice-types.js';
import type { VoiceFrameStream } from './voice-frames.js';

/** Live audio is 16 kHz mono, as the analysis audio of a batch dub. */
export const LIVE_SAMPLE_RATE = 16000;

/**
 * One live stream's recognition, line by line: the audio of the open line is fed as it arrives,
 * the hypothesis so far comes back as partial text, and ending the line gives its final words.
 * Calls are taken in order; a line's words are in seconds from the start of that line's audio.
 */
export interface LiveRecognition {
  /** Starts a new line (the one before must have been ended). */
  startLine(): void;
  feed(samples: Float32Array): void;
  /** Ends the open line; its words are those decoded from all the audio fed since `startLine`. */
  endLine(): Promise<RecognisedSpan>;
  /** Frees the engine's resources (a process, a model's state); pending lines are rejected. */
  close(): Promise<void>;
}

export interface LiveRecogniser extends EngineInfo {
  readonly languages: readonly LanguageCode[];
  /**
   * Opens a recognition that keeps its model loaded for the whole stream; `onPartial` gets the
   * open line's text so far whenever it changes.
   */
  open(language: LanguageCode, context: EngineContext, onPartial: (text: string) => void): Promise<LiveRecognition>;
}

/** The engines one live session holds for its whole length. */
export interface LiveEngines {
  voiceActivity: VoiceFrameStream;
  recognition: LiveRecognition;
  /** Which recogniser runs, for the session's report. */
  recogniser: EngineInfo;
  translator: Translator;
  synthesiser: Synthesiser;
  shaper: VoiceShaper;
  stretcher: TimeStretcher;
}
