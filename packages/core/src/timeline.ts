import type { LineCheck } from './review/line-check.js';
import type { EngineUse } from '@voxlate/contract';
import type { PhonemeTiming } from './phonemes.js';
import type { BackgroundTreatment } from './separation.js';
import type { LanguageCode } from './languages.js';
import type { LipSyncOutcome, PictureOutcome } from './lipsync/lip-sync-types.js';
import type { ReviewFlag } from './review/review-flag.js';
import type { AppliedVoice, LineProsody, SpeakerVoice, VoiceMode } from './voice/voice-types.js';

export type { PhonemeTiming };

/** A recognised word, times in seconds from the start of the source. */
export interface Word {
  text: string;
  start: number;
  end: number;
  /**
   * The time was not measured for this word: spread over its segment (a model without
   * alignment), or moved because the aligner put it outside its speech or made it implausibly long.
   */
  approximate?: true;
  /** How sure the recogniser was of the word, 0-1 (pocketsphinx's posterior), where it says. */
  confidence?: number;
  /** The recogniser's own judgement, from its scores: true when the word is more likely wrong than right. */
  unsure?: boolean;
}

/** 'full': real machine translation; 'gist': a word-by-word dictionary gloss. */
export type TranslationQuality = 'full' | 'gist';

/** Where a clip of audio lives; opaque to core, resolved by the clip store. */
export interface ClipRef {
  key: string;
  sampleRate: number;
  duration: number;
}

/** How the dubbed line was placed: tempo > 1 means sped up; shift and overflow in seconds. */
export interface Fit {
  tempo: number;
  /** Seconds the dubbed line starts after its source start (pushed by an overflowing line). */
  shift: number;
  /** Seconds the dubbed line runs past the next line's start (or the media end) even at the tempo cap. */
  overflow: number;
}

export interface EngineIds {
  asr?: string;
  mt?: string;
  tts?: string;
  stretch?: string;
  /** The voice/background separator (request only; segments do not carry it). */
  separate?: string;
  /** The speaker diariser (request only). */
  diarise?: string;
  /** The voice shaper (intonation, level, timbre). */
  voice?: string;
  /** The voice-cloning engine (request only: a line's `tts` names the engine that spoke it). */
  clone?: string;
  /** The lip syncer (request only). */
  lipsync?: string;
}

export interface Segment {
  id: number;
  /** Seconds in the source. */
  start: number;
  end: number;
  speaker?: string;
  /**
   * The creator moved the line to `speaker` (the editor): it is spoken in that speaker's voice,
   * cloned from their reference rather than from the line's own speech.
   */
  speakerChosen?: true;
  sourceText: string;
  words: Word[];
  targetText: string;
  quality: TranslationQuality;
  engines: EngineIds;
  /** The translation route, for example "eng→cat→fra". */
  mtRoute?: string;
  /** A shorter translation variant was chosen so the line fits its slot. */
  shortened?: boolean;
  /** Synthesised speech before timing fit, and its phoneme timings (for visemes later). */
  speech?: ClipRef;
  phonemes?: PhonemeTiming[];
  /** The clip placed in the mix after timing fit. */
  dubbed?: ClipRef;
  /** The gain the mix gave this line alone, dB (a dub of part of a file levels each line to its source line). */
  mixGainDb?: number;
  fit?: Fit;
  /** What was measured of the dubbed line itself: understood, fitting, like its speaker (see LineCheck). */
  check?: LineCheck;
  /** The source line's measured pitch, level, rate and pauses. */
  prosody?: LineProsody;
  /** What the dub's voice was set to and what shaping was applied on this line. */
  voice?: AppliedVoice;
  /** What lip sync did with this line's picture (set by the lip sync stage). */
  lipSync?: LipSyncOutcome;
  /** Glossary terms found in the line that the translation lost (set by the translate stage). */
  glossaryMissed?: string[];
  /** Source words the translator did not know and left as they were (set by the translate stage). */
  untranslated?: string[];
  /**
   * Source words written without their accents that the translator read with them (set by the
   * translate stage: Apertium's "vacias" read as "vacías"): the line keeps the creator's text.
   */
  readAs?: { written: string; read: string }[];
  /**
   * What the translation memory had for this line (set by the translate stage): 'exact', its
   * translation is the one a creator gave the same line before; 'suggestion', an alike line's.
   */
  memory?: { kind: 'exact' | 'suggestion'; source: string; target: string; similarity: number };
  /** Why a creator should check this line, if anything (set after the timing fit). */
  review?: ReviewFlag[];
}

export interface Timeline {
  sourceLanguage: LanguageCode;
  targetLanguage: LanguageCode;
  /** Seconds of the source media. */
  duration: number;
  /**
   * Seconds of the output, when the dub needs more time than the source has (set by the fit
   * stage): the last lines are never cut, the audio runs on and a video holds its last frame.
   */
  outputDuration?: number;
  sampleRate: number;
  segments: Segment[];
  warnings: string[];
  /**
   * Set by the recognise stage when the recogniser understood little of the whole recording (it
   * may not be in the source language): a warning says so, and no line is flagged "unsure words".
   */
  languageDoubt?: { meanConfidence: number; words: number };
  /** How the original's background was kept (set by the separate stage). */
  background?: BackgroundTreatment;
  /** Who speaks in the source, as measured, and the voice each one was given (set by the voice stages). */
  speakers?: SpeakerVoice[];
  /**
   * The voice the dub speaks in (set by the voices stage): 'clone' asked for is 'shaped' where no
   * cloning engine covers the target language.
   */
  voiceMode?: VoiceMode;
  /** The engine that told the speakers apart (set by the diarise stage). */
  diariser?: string;
  /** Every engine that made part of the dub, with its quality label (set by the stages). */
  engines?: EngineUse[];
  /** The lip syncer that ran, its lines synced and skipped, and how the new picture was written (set by the lip sync stage). */
  lipSync?: { engine: string; synced: number; skipped: number; picture?: PictureOutcome };
  /**
   * The gain the mix applied to reach the loudness target (set by the mix stage): a re-render of
   * edited lines applies it again, so the rest of the file sounds exactly as before.
   */
  mixGainDb?: number;
}
