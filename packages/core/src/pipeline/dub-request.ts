import type { Glossary } from '../glossary/glossary.js';
import type { SavedVoice } from '../voice/saved-voice.js';
import { DEFAULT_FIT, type FitOptions } from '../fitting/plan-timing.js';
import type { LanguageCode, SourceLanguage } from '../languages.js';
import { DEFAULT_MIX, type MixOptions, type OutputContainer } from '../media.js';
import { DEFAULT_SEGMENTATION, type SegmentationOptions } from '../segmentation/segment-speech.js';
import type { EngineIds } from '../timeline.js';
import type { ToolInfo } from '../provenance/output-tags.js';
import { DEFAULT_TIME_LIMIT, type TimeLimit } from './job-deadline.js';
import type { ChoicesGiven, DubChoices } from './dub-choices.js';

/** How the pipeline works: timing, mix, speech finding, limits, separation. */
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
}

export const DEFAULT_DUB_OPTIONS: DubOptions = {
  fit: DEFAULT_FIT,
  mix: DEFAULT_MIX,
  segmentation: DEFAULT_SEGMENTATION,
  maxDurationSeconds: 30 * 60,
  timeLimit: DEFAULT_TIME_LIMIT,
  separation: 'auto',
};

/**
 * What one dub is asked to do, whoever asks (a form, the link flow, a stored job, the CLI): read
 * once from the request and carried whole to the job and its run.
 */
export interface DubTask {
  /** 'auto': detected from the speech by the best installed detector (English assumed without one). */
  sourceLanguage: SourceLanguage;
  targetLanguage: LanguageCode;
  /** SRT or WebVTT text used as the source instead of speech recognition. */
  transcript?: string;
  /** Engine ids to use instead of the best installed ones. */
  engines: EngineIds;
  /** What the creator chose (voice, timing, lip sync, subtitles); defaults for what is left out. */
  choices: ChoicesGiven;
  /**
   * Voices from the creator's library, by speaker id (S1, ...): those speakers are spoken in
   * them. A reference file is named beside the input (or by its full path).
   */
  savedVoices?: Record<string, SavedVoice>;
}

/** The task of anything that carries one (a stored job's request, which holds more). */
export function dubTaskOf(task: DubTask): DubTask {
  const { sourceLanguage, targetLanguage, transcript, engines, choices, savedVoices } = task;
  return {
    sourceLanguage,
    targetLanguage,
    engines,
    choices,
    ...(transcript === undefined ? {} : { transcript }),
    ...(savedVoices === undefined ? {} : { savedVoices }),
  };
}

/**
 * One run of the pipeline: the task (engines and choices may be left to the installation's best
 * and defaults), where the media is and goes, and how the pipeline works for it.
 */
export interface DubRequest
  extends Omit<DubTask, 'engines' | 'choices'>, Partial<Pick<DubTask, 'engines' | 'choices'>> {
  input: string;
  /** Where the dubbed media goes; its container follows the input (video -> mp4, audio -> wav). */
  output: string;
  /** Terms to translate one way every time (and names to keep): enforced on every line and engine. */
  glossary?: Glossary;
  /** Force the output container; by default video gives mp4 and audio gives wav. */
  outputContainer?: OutputContainer;
  /** The tool (and its version) named in the output's metadata. */
  tool?: ToolInfo;
  /** How the pipeline works (timing, mix, limits): the installation's, unless the request sets some. */
  options?: Partial<DubOptions>;
}

export interface DubResult {
  output: string;
  container: OutputContainer;
  stageSeconds: Partial<Record<string, number>>;
}

/** The pipeline's options for a dub: the creator's timing choice, if any, sets the tempo cap. */
export function resolveOptions(partial: Partial<DubOptions> | undefined, choices?: DubChoices): DubOptions {
  const options = { ...DEFAULT_DUB_OPTIONS, ...partial };
  const tempoCap = choices?.timing.tempoCap;
  const duckDb = choices?.duckDb;
  return {
    ...options,
    ...(tempoCap === undefined ? {} : { fit: { ...options.fit, tempoCap } }),
    ...(duckDb === undefined ? {} : { mix: { ...options.mix, duckDb } }),
  };
}
