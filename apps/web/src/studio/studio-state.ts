import type { AnswerSubtitles, AskedChoice } from '../lib/api.js';
import type { ContentType } from '../lib/validation.js';
import type { PlainNote } from '../lib/plain-note.js';

export type Stage = 'selection' | ContentType;

/** Spec section 3: the studio session, plus the warnings and subtitles the service returns. */
export interface StudioState {
  stage: Stage;
  file: File | undefined;
  previewUrl: string | undefined;
  resultUrl: string | undefined;
  resultName: string | undefined;
  statusText: string;
  progress: number;
  working: boolean;
  error: string | undefined;
  targetLanguage: string;
  lipSync: boolean;
  voiceCloning: boolean;
  /** Render the subtitles into the picture (video modes; off by default: they are a track anyway). */
  burnSubtitles: boolean;
  /** How many people speak, when the creator knows (1-20); found from the audio otherwise. */
  speakers: number | undefined;
  /** Subtitles in both languages (the source line under the target line), as files and as a video's track. */
  bilingualSubtitles: boolean;
  /** The glossary to translate with (none by default). */
  glossaryId: string | undefined;
  /** Saved voices for speakers, by speaker (S1 the first to talk): none by default. */
  speakerVoices: Record<string, string>;
  /** Languages to dub into as well as the target (one project each, made together); none by default. */
  moreLanguages: string[];
  /** Dub only this part (seconds, as typed; '' for the start or the end of the media). */
  part: { start: string; end: string };
  transcripts: { source: string; target: string };
  warnings: string[];
  subtitles: AnswerSubtitles | undefined;
  /** The stored job behind the last result (its lines open in the editor). */
  jobId: string | undefined;
  /** The job's revision the result panel shows (set when the editor first loads the job). */
  resultRevision: number | undefined;
  /** A re-dub of the job is under way: the panel says its player and downloads are the previous dub. */
  resultStale: boolean;
  /** How the original's sound was treated under the dub, in words (the answer's `background`). */
  /** How the original's sound was treated under the dub. */
  background: PlainNote | undefined;
  /**
   * The request's fields the settings set as they are (what becomes of the original voice, how far
   * it is lowered, ...): sent as chosen; a field left undefined is not sent.
   */
  asked: AskedChoice;
  /** The language spoken in the file; '' until chosen (the service's default is used then). */
  sourceLanguage: string;
  /** A subtitles file used as the source text instead of recognition. */
  sourceSubtitles: File | undefined;
}

export const INITIAL_STATE: StudioState = {
  stage: 'selection',
  file: undefined,
  previewUrl: undefined,
  resultUrl: undefined,
  resultName: undefined,
  statusText: '',
  progress: 0,
  working: false,
  error: undefined,
  targetLanguage: '',
  lipSync: true,
  voiceCloning: true,
  burnSubtitles: false,
  speakers: undefined,
  bilingualSubtitles: false,
  glossaryId: undefined,
  speakerVoices: {},
  moreLanguages: [],
  part: { start: '', end: '' },
  transcripts: { source: '', target: '' },
  warnings: [],
  subtitles: undefined,
  jobId: undefined,
  resultRevision: undefined,
  resultStale: false,
  background: undefined,
  asked: {},
  sourceLanguage: '',
  sourceSubtitles: undefined,
};

export type StudioAction =
  | { type: 'choose-type'; contentType: ContentType }
  | { type: 'reset' }
  | { type: 'set-file'; file: File; previewUrl: string }
  | { type: 'set-language'; language: string }
  | { type: 'set-source-language'; language: string }
  | { type: 'set-source-subtitles'; file: File | undefined }
  | { type: 'set-lip-sync'; on: boolean }
  | { type: 'set-voice-cloning'; on: boolean }
  | { type: 'set-burn-subtitles'; on: boolean }
  | { type: 'set-speakers'; count: number | undefined }
  | { type: 'set-bilingual-subtitles'; on: boolean }
  | { type: 'set-asked'; asked: AskedChoice }
  | { type: 'set-glossary'; id: string | undefined }
  | { type: 'set-speaker-voice'; speaker: string; voice: string | undefined }
  | { type: 'set-more-languages'; languages: string[] }
  | { type: 'set-part'; start: string; end: string }
  | { type: 'set-error'; message: string | undefined }
  | { type: 'start'; statusText: string; progress?: number }
  | { type: 'progress'; progress: number; statusText?: string }
  | {
      type: 'succeed';
      statusText: string;
      resultUrl?: string;
      resultName?: string;
      transcripts?: { source?: string; target?: string };
      warnings?: string[];
      subtitles?: StudioState['subtitles'];
      jobId?: string;
      background?: PlainNote | undefined;
    }
  | { type: 'project-seen'; revision: number; redubbing: boolean }
  | {
      type: 'revise';
      revision: number;
      resultUrl: string;
      subtitles: StudioState['subtitles'];
      transcripts: { source: string; target: string };
    }
  | { type: 'fail'; message: string; statusText: string }
  | { type: 'cancelled' }
  | { type: 'finish' };

/** The status once the creator has cancelled (the result panel says so). */
export const CANCELLED_STATUS = 'Cancelled.';

/** Spec section 4, as a pure function of the state and what happened. */
export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case 'choose-type':
      // Choosing a type clears everything, sets fra for audio (empty otherwise) and turns both options on.
      return {
        ...INITIAL_STATE,
        stage: action.contentType,
        targetLanguage: action.contentType === 'audio' ? 'fra' : '',
      };
    case 'reset':
      return INITIAL_STATE;
    case 'set-file':
      // A new file clears the previous result, transcripts, progress and status.
      return {
        ...state,
        file: action.file,
        previewUrl: action.previewUrl,
        resultUrl: undefined,
        resultName: undefined,
        transcripts: { source: '', target: '' },
        warnings: [],
        subtitles: undefined,
        jobId: undefined,
        resultRevision: undefined,
        resultStale: false,
        background: undefined,
        progress: 0,
        statusText: '',
        error: undefined,
      };
    case 'set-language':
      // The target is never also one of the other languages.
      return {
        ...state,
        targetLanguage: action.language,
        moreLanguages: state.moreLanguages.filter((code) => code !== action.language),
      };
    case 'set-source-language':
      return { ...state, sourceLanguage: action.language };
    case 'set-source-subtitles':
      return { ...state, sourceSubtitles: action.file, error: undefined };
    case 'set-lip-sync':
      return { ...state, lipSync: action.on };
    case 'set-voice-cloning':
      return { ...state, voiceCloning: action.on };
    case 'set-burn-subtitles':
      return { ...state, burnSubtitles: action.on };
    case 'set-speakers':
      return { ...state, speakers: action.count };
    case 'set-bilingual-subtitles':
      return { ...state, bilingualSubtitles: action.on };
    case 'set-asked':
      return { ...state, asked: withAsked(state.asked, action.asked) };
    case 'set-glossary':
      return { ...state, glossaryId: action.id };
    case 'set-speaker-voice': {
      const { [action.speaker]: _previous, ...others } = state.speakerVoices;
      return { ...state, speakerVoices: action.voice ? { ...others, [action.speaker]: action.voice } : others };
    }
    case 'set-more-languages':
      return { ...state, moreLanguages: action.languages.filter((code) => code !== state.targetLanguage) };
    case 'set-part':
      return { ...state, part: { start: action.start, end: action.end } };
    case 'set-error':
      return { ...state, error: action.message };
    case 'start':
      return {
        ...state,
        working: true,
        error: undefined,
        statusText: action.statusText,
        progress: action.progress ?? 0,
        warnings: [],
      };
    case 'progress':
      return {
        ...state,
        progress: Math.max(state.progress, Math.min(100, action.progress)),
        statusText: action.statusText ?? state.statusText,
      };
    case 'succeed':
      return {
        ...state,
        statusText: action.statusText,
        progress: 100,
        resultUrl: action.resultUrl ?? state.resultUrl,
        resultName: action.resultName ?? state.resultName,
        transcripts: { source: action.transcripts?.source ?? '', target: action.transcripts?.target ?? '' },
        warnings: action.warnings ?? [],
        subtitles: action.subtitles,
        jobId: action.jobId,
        resultRevision: undefined,
        resultStale: false,
        background: action.background,
      };
    case 'project-seen':
      // The first sight of the job names the revision the answer was; later ones say whether a re-dub runs.
      return {
        ...state,
        resultRevision: state.resultRevision ?? action.revision,
        // Stale from the re-dub's start until the new revision is fetched (not only while it runs).
        resultStale: action.redubbing || action.revision > (state.resultRevision ?? action.revision),
      };
    case 'revise':
      return {
        ...state,
        resultRevision: action.revision,
        resultStale: false,
        resultUrl: action.resultUrl,
        subtitles: action.subtitles,
        transcripts: action.transcripts,
      };
    case 'fail':
      return { ...state, error: action.message, statusText: action.statusText };
    case 'cancelled':
      // The creator stopped it: nothing failed, and the service removed the job's files.
      return { ...state, error: undefined, statusText: CANCELLED_STATUS, progress: 0 };
    case 'finish':
      return { ...state, working: false };
  }
}

/** Spec section 2: the button label by mode and options. */
export function translateButtonLabel(stage: Stage, lipSync: boolean): string {
  if (stage === 'audio') return 'Translate Audio';
  if (stage === 'both' && lipSync) return 'Translate, Dub & Lip Sync Video';
  if (stage === 'video' && lipSync) return 'Translate Audio & Lip Sync';
  return 'Translate Video Audio';
}

/** The Translate button's words as the settings show them: several languages are one dub each. */
export function startButtonLabel(state: { stage: Stage; lipSync: boolean; moreLanguages: readonly string[] }): string {
  if (state.moreLanguages.length > 0) return `Dub into ${state.moreLanguages.length + 1} languages`;
  return translateButtonLabel(state.stage, state.lipSync);
}

/**
 * What the empty result panel asks for next: the spec's sentence until a file and a language are
 * both chosen, then the one step left (issue 56: it kept asking for what was already done).
 */
export function emptyResultHint(state: StudioState): string {
  if (!state.file) return 'Upload a file and select a language to begin';
  if (!state.targetLanguage) return 'Select a language to begin';
  return `Ready: choose “${startButtonLabel(state)}” to begin`;
}

export function studioHeading(stage: Stage): string {
  if (stage === 'both') return 'Video Dubbing & Lip Sync';
  if (stage === 'video') return 'Video Translation';
  return 'Audio Translation';
}

/** The fields asked so far with the new ones: a field set to undefined is taken out (not sent). */
function withAsked(asked: AskedChoice, change: AskedChoice): AskedChoice {
  const merged: Record<string, unknown> = { ...asked, ...change };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  return merged;
}
