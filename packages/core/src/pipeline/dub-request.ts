import { DEFAULT_FIT, type FitOptions } from '../fitting/plan-timing.js';
import type { LanguageCode, SourceLanguage } from '../languages.js';
import { DEFAULT_MIX, type MixOptions, type OutputContainer } from '../media.js';
import { DEFAULT_SEGMENTATION, type SegmentationOptions } from '../segmentation/segment-speech.js';
import type { EngineIds } from '../timeline.js';
import type { VoiceMode } from '../voice/voice-types.js';
import type { ToolInfo } from '../provenance/output-tags.js';
import { DEFAULT_TIME_LIMIT, type TimeLimit } from './job-deadline.js';

export interface DubOptions {
  fit: FitOptions;
  mix: MixOptions;
  segmentation: SegmentationOptions;
  /** Longest input accepted, seconds (30 minutes by default). */
  maxDurationSeconds: number;
  /** How long a job may run, from the media's length. */
  timeLimit: TimeLimit;
  /**
   * 'auto': take the voice out of the original with the best installed separator and keep the
   * background at full level; 'off' (or none installed): duck the original under the dub.
   */
  separation: 'auto' | 'off';
  /**
   * 'preserve': each speaker's pitch, range and timbre, each line's intonation, energy, rate
   * and pauses; 'neutral': a plain voice per speaker (still a different one for each).
   */
  voice: VoiceMode;
  /** How many people speak, when known; otherwise the diariser finds out. */
  speakers?: number;
  /** Move the speakers' mouths to the dubbed words (video output only). */
  lipSync: boolean;
  /** Render the target subtitles into the picture (video output only); the selectable track stays. */
  burnSubtitles: boolean;
}

export const DEFAULT_DUB_OPTIONS: DubOptions = {
  fit: DEFAULT_FIT,
  mix: DEFAULT_MIX,
  segmentation: DEFAULT_SEGMENTATION,
  maxDurationSeconds: 30 * 60,
  timeLimit: DEFAULT_TIME_LIMIT,
  separation: 'auto',
  voice: 'preserve',
  lipSync: false,
  burnSubtitles: false,
};

export interface DubRequest {
  input: string;
  /** Where the dubbed media goes; its container follows the input (video -> mp4, audio -> wav). */
  output: string;
  /** 'auto': detected from the speech by the best installed detector (English assumed without one). */
  sourceLanguage: SourceLanguage;
  targetLanguage: LanguageCode;
  /** SRT or WebVTT text used as the source instead of speech recognition. */
  transcript?: string;
  /** Force the output container; by default video gives mp4 and audio gives wav. */
  outputContainer?: OutputContainer;
  /** Engine ids to use instead of the best installed ones. */
  engines?: EngineIds;
  /** The tool (and its version) named in the output's metadata. */
  tool?: ToolInfo;
  options?: Partial<DubOptions>;
}

export interface DubResult {
  output: string;
  container: OutputContainer;
  stageSeconds: Partial<Record<string, number>>;
}

export function resolveOptions(partial: Partial<DubOptions> | undefined): DubOptions {
  return { ...DEFAULT_DUB_OPTIONS, ...partial };
}
