import type { SpeakerLikeness } from './voice/speaker-likeness.js';
import type { AudioSource, PcmAudio } from './audio.js';
import type { EngineContext, EngineInfo } from './engine-info.js';
import type { SpeechFrames, TimeSpan } from './segmentation/segment-speech.js';
import type { LanguageCode } from './languages.js';
import type { Diariser } from './diarisation.js';
import type { Separator } from './separation.js';
import type { LipSyncer } from './lipsync/lip-sync-types.js';
import type { PhonemeTiming } from './phonemes.js';
import type { TranslationQuality, Word } from './timeline.js';
import type { BaseVoice, VoiceListing, VoiceSettings, VoiceShaper } from './voice/voice-types.js';
import type { VoiceCloner } from './voice/voice-cloner.js';
import type { VoiceFrameStream } from './live/voice-frames.js';

export type { EngineContext, EngineInfo, EngineKind } from './engine-info.js';

export interface VoiceActivityDetector extends EngineInfo {
  detect(audio: AudioSource, context: EngineContext): Promise<SpeechFrames>;
  /** A running detector for a live stream (engines that can judge audio as it arrives). */
  openStream?(): VoiceFrameStream;
}

export interface RecognisedSpan {
  text: string;
  /** Absolute times in the source. */
  words: Word[];
}

export interface Recogniser extends EngineInfo {
  readonly languages: readonly LanguageCode[];
  /** Recognises each span of the audio; the result has one entry per span, in order. */
  recognise(
    audio: AudioSource,
    spans: readonly TimeSpan[],
    language: LanguageCode,
    context: EngineContext,
  ): Promise<RecognisedSpan[]>;
}

/** A detected spoken language and the engine's probability for it (0..1). */
export interface LanguageGuess {
  language: LanguageCode;
  probability: number;
}

/** Engines that can tell which of the 11 languages is spoken (Whisper). */
export interface LanguageDetector extends EngineInfo {
  detectLanguage(audio: AudioSource, spans: readonly TimeSpan[], context: EngineContext): Promise<LanguageGuess>;
}

export function isLanguageDetector(engine: EngineInfo): engine is LanguageDetector {
  return typeof (engine as Partial<LanguageDetector>).detectLanguage === 'function';
}

export interface LanguagePair {
  source: LanguageCode;
  target: LanguageCode;
}

export interface TranslationRequest {
  text: string;
  /** The previous segment's source text, for engines that use context. */
  previous?: string;
  /** The previous segment's translation, so context-aware engines continue it consistently. */
  previousTranslation?: string;
  /**
   * Seconds the spoken translation may last at the highest tempo allowed before it overflows its
   * slot; length-aware engines then look for a shorter variant of a translation that is too long.
   */
  maxSeconds?: number;
}

export interface Translation {
  text: string;
  quality: TranslationQuality;
  /** The route taken, for example "eng→cat→fra". */
  route: string;
  /** True when a shorter variant was chosen over the first translation to fit the slot. */
  shortened?: boolean;
  /** Source words the engine did not know and left as they were in the text. */
  untranslated?: string[];
  /**
   * Source words written without their accents that the engine read with them ("conexion" as
   * "conexión"): the line keeps the creator's spelling, the translation has the word.
   */
  readAs?: { written: string; read: string }[];
}

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

/** A line's text so far, and the line's place among those started on the recognition (from 0). */
export type LivePartialListener = (text: string, line: number) => void;

export interface LiveRecogniser extends EngineInfo {
  readonly languages: readonly LanguageCode[];
  /**
   * Opens a recognition that keeps its model loaded for the whole stream; `onPartial` gets a
   * line's text so far whenever it changes, with the line it belongs to (0 for the first line
   * started on this recognition, and so on): a decoder that lags behind the stream tells a line's
   * partials after that line has been ended and the next one started.
   */
  open(language: LanguageCode, context: EngineContext, onPartial: LivePartialListener): Promise<LiveRecognition>;
}

export interface Translator extends EngineInfo {
  /** The quality this engine gives for the pair, or undefined when it cannot translate it. */
  qualityFor(pair: LanguagePair): TranslationQuality | undefined;
  translate(request: TranslationRequest, pair: LanguagePair, context: EngineContext): Promise<Translation>;
}

export interface Speech {
  audio: PcmAudio;
  phonemes: PhonemeTiming[];
  /** The engine that spoke it, when a synthesiser speaks through several (a language's voice set). */
  engine?: string;
  /** The voice's licence allows non-commercial use only (an opted-in MBROLA voice). */
  nonCommercial?: boolean;
}

export interface Synthesiser extends EngineInfo {
  readonly languages: readonly LanguageCode[];
  /** Whether `Speech.phonemes` carries timings ('phonemes') or is always empty ('none'). */
  readonly timings: 'phonemes' | 'none';
  /** The voices this engine can speak the language in, measured; absent when it has one. */
  baseVoices?(language: LanguageCode): Promise<BaseVoice[]>;
  /** The same voices as listed, without measuring them (fast: for /api/languages and the editor). */
  listVoices?(language: LanguageCode): VoiceListing[];
  /**
   * A formant synthesiser (eSpeak NG): intelligible but robotic. The studio and every dub say so
   * where it speaks, since it is what a creator hears first and the reason they will not publish.
   */
  readonly robotic?: boolean;
  /**
   * How many lines a dub may ask for at once: an engine that runs a program per line (bounded by
   * its own slots) gains from the next line's program running while this one's is finished here;
   * an engine holding one model in this thread does not. One when absent.
   */
  readonly linesAtOnce?: number;
  /** Speaks the text; `voice` is honoured as far as the engine can (its voice, pitch, rate, pauses). */
  synthesise(text: string, language: LanguageCode, context: EngineContext, voice?: VoiceSettings): Promise<Speech>;
}

export interface TimeStretcher extends EngineInfo {
  /** Plays the audio `tempo` times faster without changing its pitch. */
  stretch(audio: PcmAudio, tempo: number, context: EngineContext): Promise<PcmAudio>;
}

/** Picks the engine for each task; an explicit id wins, else the best installed. */
export interface EngineResolver {
  voiceActivity(): Promise<VoiceActivityDetector>;
  recogniser(language: LanguageCode, id?: string): Promise<Recogniser>;
  /** The best installed engine that detects the spoken language, if any (a named one when given). */
  languageDetector(id?: string): Promise<LanguageDetector | undefined>;
  translator(pair: LanguagePair, id?: string): Promise<Translator>;
  synthesiser(language: LanguageCode, id?: string): Promise<Synthesiser>;
  /** The best installed voice-cloning engine for the language (a named one when given), if any. */
  voiceCloner(language: LanguageCode, id?: string): Promise<VoiceCloner | undefined>;
  stretcher(id?: string): Promise<TimeStretcher>;
  /** The best installed voice/background separator (a named one when given), if any. */
  separator(id?: string): Promise<Separator | undefined>;
  /** The best installed speaker diariser (a named one when given). */
  diariser(id?: string): Promise<Diariser>;
  /** The best installed voice shaper (a named one when given). */
  voiceShaper(id?: string): Promise<VoiceShaper>;
  /** The best installed lip syncer (a named one when given). */
  lipSyncer(id?: string): Promise<LipSyncer>;
  /** The best installed live recogniser for the language (a named one when given). */
  liveRecogniser(language: LanguageCode, id?: string): Promise<LiveRecogniser>;
  /** The best installed speaker-likeness model, if any (none offline). */
  speakerLikeness(): Promise<SpeakerLikeness | undefined>;
}
