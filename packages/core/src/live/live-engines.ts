import type { EngineInfo } from '../engine-info.js';
import type { LiveRecognition, Synthesiser, TimeStretcher, Translator } from '../engine.js';
import type { VoiceShaper } from '../voice/voice-types.js';
import type { VoiceFrameStream } from './voice-frames.js';

/** Live audio is 16 kHz mono, as the analysis audio of a batch dub. */
export const LIVE_SAMPLE_RATE = 16000;

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
