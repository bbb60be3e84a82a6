import type { TranslationMemoryPort } from '../memory/translation-memory.js';
import type { Lexicon } from '../review/copied-words.js';
import type { AudioSource } from '../audio.js';
import type { EngineResolver } from '../engine.js';
import type { EventListener, PipelineEvent, StageName } from '../events.js';
import type { ClipStore, MediaInfo, MediaPort } from '../media.js';
import type { PcmFile, Separator } from '../separation.js';
import { ProgressTracker } from '../progress.js';
import type { Timeline } from '../timeline.js';
import type { ProsodyTrack } from '../voice/voice-types.js';

export interface VoiceWork {
  /** Each source line's pitch and level track (set by the voices stage). */
  sourceTracks: Map<number, ProsodyTrack>;
}
import type { DubChoices } from './dub-choices.js';
import type { DubOptions, DubRequest } from './dub-request.js';
import type { RedoLines } from './redo-lines.js';

/** What the pipeline needs from the outside world, injected by the dubber package. */
export interface DubPorts {
  media: MediaPort;
  engines: EngineResolver;
  clips: ClipStore;
  /** Translations creators corrected before: a line met again is translated as they had it. */
  memory?: TranslationMemoryPort;
  /** Which words are words of a language: source words copied into a translation are flagged untranslated. */
  lexicon?: Lexicon;
}

/** Shared by the stages of one run: the request, the ports, the Timeline and the event sink. */
export interface StageContext {
  request: DubRequest;
  /** What the creator chose (voice, lip sync, subtitles). */
  choices: DubChoices;
  options: DubOptions;
  ports: DubPorts;
  timeline: Timeline;
  signal: AbortSignal | undefined;
  /** Set by the ingest stage. */
  info?: MediaInfo;
  analysis?: AudioSource;
  /** The separator the separate stage runs, chosen when the run is planned. */
  separator?: Separator;
  /** Set by the separate stage when a separator ran: the original without its voice. */
  background?: PcmFile;
  /** Set by the separate stage when a separator ran: the original's voice alone. */
  voiceStem?: PcmFile;
  /** What the voice stages pass on to each other, per segment id (kept out of the Timeline: bulky). */
  voiceWork: VoiceWork;
  /** Set when only edited lines are rendered again: the per-line stages work on those alone. */
  redo?: RedoLines;
  emit(event: PipelineEvent): void;
  progress(stage: StageName, done: number, total: number): void;
  warn(stage: StageName, message: string): void;
}

export function createStageContext(
  request: DubRequest,
  settings: { choices: DubChoices; options: DubOptions },
  ports: DubPorts,
  timeline: Timeline,
  run: {
    signal?: AbortSignal | undefined;
    onEvent?: EventListener | undefined;
    tracker: ProgressTracker;
    redo?: RedoLines | undefined;
  },
): StageContext {
  const emit = (event: PipelineEvent): void => run.onEvent?.(event);
  return {
    request,
    choices: settings.choices,
    options: settings.options,
    ports,
    timeline,
    signal: run.signal,
    voiceWork: { sourceTracks: new Map() },
    ...(run.redo ? { redo: run.redo } : {}),
    emit,
    progress(stage, done, total) {
      // Called from engines' event handlers, where a throw would escape: stages check the
      // signal themselves, so after an abort progress is simply no longer reported.
      if (run.signal?.aborted) return;
      emit({ type: 'progress', stage, done, total, overall: run.tracker.update(stage, done, total) });
    },
    warn(stage, message) {
      if (!timeline.warnings.includes(message)) timeline.warnings.push(message);
      emit({ type: 'warning', stage, message });
    },
  };
}
