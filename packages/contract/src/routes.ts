import Type, { type TObject, type TSchema } from 'typebox';
import { AudioUrlAnswer, DubAnswer, VideoErrorEvent, VideoProgressEvent, VideoResultEvent } from './dub-answer.js';
import { AudioUrlBody, CreateJobForm, ProcessVideoForm, TranslateForm, type FormBody } from './dub-forms.js';
import { MAX_SUBTITLE_BYTES, REQUEST_ID_PATTERN } from './dub-fields.js';
import { ErrorAnswer, Engines, Health, Languages, ProvenanceKey, Ready } from './info.js';
import { KeyList, LiveKey, Session, SignInBody, Usage } from './access.js';
import {
  GlossaryAnswer,
  GlossaryBody,
  GlossaryList,
  GlossaryParams,
  GlossaryReplaceBody,
  MAX_GLOSSARY_CSV_BYTES,
  SpeechPreviewQuery,
} from './glossary.js';
import { PublishPackageBody } from './publish.js';
import {
  MAX_SAVED_VOICE_FILE_BYTES,
  RenameSavedVoiceBody,
  SavedVoiceAnswer,
  SavedVoiceFile,
  SavedVoiceList,
  SavedVoiceParams,
  SaveVoiceBody,
} from './voice-library.js';
import { MemoryClearQuery, MemoryCleared, MemoryList, MemoryParams, MemoryQuery } from './memory.js';
import {
  LIVE_INPUT_RATE,
  LIVE_MAX_FRAME_BYTES,
  LiveAudio,
  LiveCaption,
  LiveCaptionsQuery,
  LiveDone,
  LiveEnd,
  LiveError,
  LiveQuery,
  LiveReady,
  LiveStatus,
} from './live.js';
import {
  GroupParams,
  Job,
  JobGroup,
  JobList,
  JobListQuery,
  JobParams,
  ResultQuery,
  LineEditBody,
  ProgressEvent,
  SegmentParams,
  SpeakerEditBody,
  StemParams,
  SpeakerParams,
  StateEvent,
  SubtitleParams,
  WarningEvent,
} from './job.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Tag = 'Dubbing' | 'Projects' | 'Glossaries' | 'Voices' | 'Memory' | 'Live' | 'Access' | 'Service';

/** What a route answers with one status. */
export type Answer =
  | { description: string; json: TSchema }
  | { description: string; events: Record<string, TSchema> }
  | { description: string; file: string[] }
  | { description: string; html: true }
  | { description: string; empty: true }
  /** A WebSocket: the messages each side sends, by name. */
  | { description: string; socket: { client: Record<string, TSchema>; server: Record<string, TSchema> } };

/** One route of the service: the one place its shape is declared (its key in Routes is its operationId). */
export interface RouteSpec {
  method: Method;
  /** Fastify's form: `/api/jobs/:id`. */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  params?: TObject;
  query?: TObject;
  /** A JSON body with the most bytes the route reads (beyond it: 413), or a multipart form. */
  body?: { json: TSchema; maxBytes: number } | { form: FormBody };
  /** The success answers; every route also answers errors as `{error}` with the statuses in `errors`. */
  answers: Record<number, Answer>;
  errors: number[];
  /**
   * Answered without an API key even when the service asks for keys (health, the API reference,
   * signing in). Every other route needs one then, and answers 401 without it.
   */
  public?: true;
  /**
   * What a key must be allowed to do here, when not what its method says (GET and HEAD: `read`;
   * the rest: `dub`): `admin` for the workspace's keys and plan.
   */
  scope?: 'read' | 'dub' | 'admin';
}

export interface Route extends RouteSpec {
  operationId: string;
}

/** A JSON body of a few fields. */
const SMALL_BODY_BYTES = 64 * 1024;
/**
 * A glossary's CSV at its longest (MAX_GLOSSARY_CSV_BYTES characters) in any script: UTF-8 takes
 * at most 4 bytes a character.
 */
const GLOSSARY_BODY_BYTES = 4 * MAX_GLOSSARY_CSV_BYTES + SMALL_BODY_BYTES;

// Generic, so that each route keeps its answer's schema in its type: clients read the answer's
// type from the table (AnswerOf) instead of naming it by hand.
const json = <Schema extends TSchema>(description: string, schema: Schema) => ({ description, json: schema });
const jobAnswer = (description: string) => json(description, Job);
const file = (description: string, types: string[]): Answer => ({
  description: `${description} Streamed from disk; Range requests are answered 206.`,
  file: types,
});
/** Refusals of a request that carries media (the size, type and content checks of an upload). */
const UPLOAD_ERRORS = [400, 402, 403, 408, 413, 415, 422, 429, 503];

const RequestParams = Type.Object(
  {
    requestId: Type.String({
      pattern: REQUEST_ID_PATTERN,
      description: 'The request_id the request was (or will be) sent with.',
      'x-error': "request_id must be 8 to 64 letters, digits, '-' or '_' (a UUID fits).",
    }),
  },
  { additionalProperties: false },
);

/**
 * Every route the service serves (apart from the studio's own files): the server registers
 * exactly these, validates with their schemas, and the OpenAPI document is made from them.
 */
export const Routes = {
  translateAudio: {
    method: 'POST',
    path: '/translate',
    tag: 'Dubbing',
    summary: 'Dub audio (the studio’s audio mode): one JSON answer when done',
    description:
      'The dub runs as a stored job (`job_id`), so the editor can open it afterwards. Send a `request_id` and open ' +
      '`/api/requests/{request_id}/events` first to follow its stages; the media is streamed into the answer as it is read.',
    body: { form: TranslateForm },
    answers: { 200: json('The dubbed audio and what was done.', DubAnswer) },
    errors: UPLOAD_ERRORS,
  },
  processVideo: {
    method: 'POST',
    path: '/process-video',
    tag: 'Dubbing',
    summary: 'Dub a video (video and both modes), with progress as server-sent events',
    description:
      'Bad input is refused with a status before anything streams. Then `data: {json}` events, separated by a blank ' +
      'line: `{progress, phase}` while working, and last either the result (`progress` 100, phase "Done") or ' +
      '`{error, details, phase}`. A client that disconnects aborts its job.',
    body: { form: ProcessVideoForm },
    answers: {
      200: {
        description: 'The stream; each event is a JSON `data:` line.',
        events: { progress: VideoProgressEvent, result: VideoResultEvent, error: VideoErrorEvent },
      },
    },
    errors: UPLOAD_ERRORS,
  },
  processAudioUrl: {
    method: 'POST',
    path: '/process-audio-url',
    tag: 'Dubbing',
    summary: 'Dub the media at a direct link (the studio’s Paste URL tab)',
    description:
      'Only public http(s) addresses are fetched (at most 5 redirects, 150 MB, 60 s); the answer also carries the ' +
      'fetched audio as `source_audio`.',
    body: { json: AudioUrlBody, maxBytes: MAX_SUBTITLE_BYTES + SMALL_BODY_BYTES },
    answers: { 200: json('The dubbed audio, the fetched audio, and what was done.', AudioUrlAnswer) },
    errors: [400, 402, 403, 408, 413, 415, 422, 429, 503],
  },
  followRequest: {
    method: 'GET',
    path: '/api/requests/:requestId/events',
    tag: 'Dubbing',
    summary: 'The stages of a /translate or /process-audio-url request sent with this request_id',
    description:
      'Open it before sending the request. `progress` and `state` events only, never the content: the request’s own ' +
      'answer carries the result. The stream ends when the request does. With Redis, it must reach the instance that got the request.',
    params: RequestParams,
    answers: { 200: { description: 'The stream.', events: { progress: ProgressEvent, state: StateEvent } } },
    errors: [400],
  },
  createJob: {
    method: 'POST',
    path: '/api/jobs',
    tag: 'Projects',
    summary: 'Create a job from a file or a link (queued at once)',
    body: { form: CreateJobForm },
    answers: { 202: jobAnswer('The job, queued.') },
    errors: UPLOAD_ERRORS,
  },
  listJobs: {
    method: 'GET',
    path: '/api/jobs',
    tag: 'Projects',
    summary: 'List jobs, newest first',
    query: JobListQuery,
    answers: { 200: json('A page of jobs (without their lines).', JobList) },
    errors: [400],
  },
  getJob: {
    method: 'GET',
    path: '/api/jobs/:id',
    tag: 'Projects',
    summary: 'A job with its lines',
    params: JobParams,
    answers: { 200: jobAnswer('The job.') },
    errors: [404],
  },
  getGroup: {
    method: 'GET',
    path: '/api/groups/:id',
    tag: 'Projects',
    summary: 'The jobs one request made for several languages (target_languages), with the progress of each and of all',
    params: GroupParams,
    answers: { 200: json('The group.', JobGroup) },
    errors: [404],
  },
  deleteJob: {
    method: 'DELETE',
    path: '/api/jobs/:id',
    tag: 'Projects',
    summary: 'Stop the job if it runs and remove it with its files',
    params: JobParams,
    answers: { 204: { description: 'Removed.', empty: true } },
    errors: [404, 503],
  },
  packageGroup: {
    method: 'POST',
    path: '/api/groups/:id/youtube-package',
    tag: 'Projects',
    summary: 'Everything to publish a group’s languages on YouTube, in one ZIP',
    description:
      'An MP4 with the picture once and an audio track per language (the original and each dub, each tagged with ' +
      'its language, `default_language` first to play); each language’s audio alone at the video’s exact length ' +
      '(48 kHz WAV, what YouTube Studio takes per language); SRT and VTT per language; and `metadata.json` / ' +
      '`metadata.txt` with the title and description translated by the dubs’ engines, glossary and memory (`gist` ' +
      'where to check them). 409 while a language has no finished dub; an audio-only group gets no MP4 (said in ' +
      'the notes).',
    params: GroupParams,
    body: { json: PublishPackageBody, maxBytes: SMALL_BODY_BYTES },
    answers: { 200: { description: 'The ZIP.', file: ['application/zip'] } },
    errors: [400, 403, 404, 409, 413, 415, 503],
  },
  packageJob: {
    method: 'POST',
    path: '/api/jobs/:id/youtube-package',
    tag: 'Projects',
    summary: 'Everything to publish one job’s dub on YouTube, in one ZIP (as for a group, with its one language)',
    params: JobParams,
    body: { json: PublishPackageBody, maxBytes: SMALL_BODY_BYTES },
    answers: { 200: { description: 'The ZIP.', file: ['application/zip'] } },
    errors: [400, 403, 404, 409, 413, 415, 503],
  },
  listGlossaries: {
    method: 'GET',
    path: '/api/glossaries',
    tag: 'Glossaries',
    summary: 'Every glossary, the most recently changed first',
    answers: { 200: json('The glossaries with their terms.', GlossaryList) },
    errors: [],
  },
  createGlossary: {
    method: 'POST',
    path: '/api/glossaries',
    tag: 'Glossaries',
    summary: 'Make a glossary from CSV or a list of terms',
    body: { json: GlossaryBody, maxBytes: GLOSSARY_BODY_BYTES },
    answers: { 201: json('The glossary, with its id.', GlossaryAnswer) },
    errors: [400, 403, 413, 415],
  },
  getGlossary: {
    method: 'GET',
    path: '/api/glossaries/:id',
    tag: 'Glossaries',
    summary: 'One glossary and its terms',
    params: GlossaryParams,
    answers: { 200: json('The glossary.', GlossaryAnswer) },
    errors: [404],
  },
  replaceGlossary: {
    method: 'PUT',
    path: '/api/glossaries/:id',
    tag: 'Glossaries',
    summary: 'Replace a glossary’s name and terms (jobs made before keep the terms they were made with)',
    params: GlossaryParams,
    body: { json: GlossaryReplaceBody, maxBytes: GLOSSARY_BODY_BYTES },
    answers: { 200: json('The glossary.', GlossaryAnswer) },
    errors: [400, 403, 404, 409, 413, 415],
  },
  deleteGlossary: {
    method: 'DELETE',
    path: '/api/glossaries/:id',
    tag: 'Glossaries',
    summary: 'Remove a glossary',
    params: GlossaryParams,
    answers: { 204: { description: 'Removed.', empty: true } },
    errors: [403, 404],
  },
  exportGlossary: {
    method: 'GET',
    path: '/api/glossaries/:id/export.csv',
    tag: 'Glossaries',
    summary: 'A glossary as CSV, in the form it is imported in',
    params: GlossaryParams,
    answers: { 200: { description: 'The CSV.', file: ['text/csv'] } },
    errors: [404],
  },
  listSavedVoices: {
    method: 'GET',
    path: '/api/voice-library',
    tag: 'Voices',
    summary: 'The saved voices, the most recently changed first',
    answers: { 200: json('The saved voices.', SavedVoiceList) },
    errors: [],
  },
  saveVoice: {
    method: 'POST',
    path: '/api/voice-library',
    tag: 'Voices',
    summary: 'Save a speaker’s voice from a finished job, to speak them the same way in later dubs',
    description:
      'Keeps the speaker’s measured pitch, range, rate and timbre, the base voice the job spoke them in, up to 15 s ' +
      'of their cleanest speech (what a cloning engine copies) and your statement that you may use the voice. A ' +
      'dub names it in speaker_voices (S1=NAME), the editor gives it to a speaker. 404 for an unknown job or speaker, ' +
      '409 when a voice of that name exists or the job has no finished dub.',
    body: { json: SaveVoiceBody, maxBytes: SMALL_BODY_BYTES },
    answers: { 201: json('The saved voice, with its id.', SavedVoiceAnswer) },
    errors: [400, 403, 404, 409, 413, 415],
  },
  importSavedVoice: {
    method: 'POST',
    path: '/api/voice-library/import',
    tag: 'Voices',
    summary: 'Add a voice from a file exported before (here or on another installation)',
    description: '409 when a voice of that name exists: rename one of them first.',
    body: { json: SavedVoiceFile, maxBytes: MAX_SAVED_VOICE_FILE_BYTES },
    answers: { 201: json('The saved voice, with its id.', SavedVoiceAnswer) },
    errors: [400, 403, 409, 413, 415],
  },
  getSavedVoice: {
    method: 'GET',
    path: '/api/voice-library/:id',
    tag: 'Voices',
    summary: 'One saved voice',
    params: SavedVoiceParams,
    answers: { 200: json('The saved voice.', SavedVoiceAnswer) },
    errors: [404],
  },
  renameSavedVoice: {
    method: 'PATCH',
    path: '/api/voice-library/:id',
    tag: 'Voices',
    summary: 'Rename a saved voice (dubs made with it keep it under the name it had)',
    params: SavedVoiceParams,
    body: { json: RenameSavedVoiceBody, maxBytes: SMALL_BODY_BYTES },
    answers: { 200: json('The saved voice.', SavedVoiceAnswer) },
    errors: [400, 403, 404, 409, 413, 415],
  },
  deleteSavedVoice: {
    method: 'DELETE',
    path: '/api/voice-library/:id',
    tag: 'Voices',
    summary: 'Remove a saved voice (jobs that use it keep their copy)',
    params: SavedVoiceParams,
    answers: { 204: { description: 'Removed.', empty: true } },
    errors: [403, 404],
  },
  exportSavedVoice: {
    method: 'GET',
    path: '/api/voice-library/:id/export.json',
    tag: 'Voices',
    summary: 'A saved voice as a file to keep, or to import elsewhere',
    params: SavedVoiceParams,
    answers: { 200: json('The voice file, as an attachment named after the voice.', SavedVoiceFile) },
    errors: [404],
  },
  getSavedVoiceSpeech: {
    method: 'GET',
    path: '/api/voice-library/:id/speech.wav',
    tag: 'Voices',
    summary: 'The speech kept with a saved voice, to listen to',
    params: SavedVoiceParams,
    answers: { 200: file('The speech.', ['audio/wav']) },
    errors: [404],
  },
  previewSpeech: {
    method: 'GET',
    path: '/api/speech-preview',
    tag: 'Glossaries',
    summary: 'A word or line as the voice will say it (with a glossary: after its "say as" respellings)',
    description:
      'Spoken by the language’s best installed synthesiser (or `voice`), as a dub would speak it: to check a ' +
      'respelling before dubbing. The answer’s X-Voxlate-Said header says what the voice read.',
    query: SpeechPreviewQuery,
    answers: { 200: { description: 'The speech, as a WAV file.', file: ['audio/wav'] } },
    errors: [400, 404, 503],
  },
  listMemory: {
    method: 'GET',
    path: '/api/memory',
    tag: 'Memory',
    summary: 'The translation memory: lines creators corrected, newest first, filtered and searched',
    query: MemoryQuery,
    answers: { 200: json('A page of remembered lines.', MemoryList) },
    errors: [400],
  },
  exportMemory: {
    method: 'GET',
    path: '/api/memory/export.tmx',
    tag: 'Memory',
    summary: 'The translation memory as TMX 1.4, for CAT tools (the same filters as the list, all pages)',
    query: MemoryClearQuery,
    answers: {
      200: { description: 'A TMX file (XML), one translation unit a line.', file: ['application/x-tmx+xml'] },
    },
    errors: [400],
  },
  forgetMemoryLine: {
    method: 'DELETE',
    path: '/api/memory/:id',
    tag: 'Memory',
    summary: 'Forget one remembered line',
    params: MemoryParams,
    answers: { 204: { description: 'Forgotten.', empty: true } },
    errors: [404],
  },
  clearMemory: {
    method: 'DELETE',
    path: '/api/memory',
    tag: 'Memory',
    summary: 'Forget every remembered line (of a language pair, or of all)',
    query: MemoryClearQuery,
    answers: { 200: json('How many lines were forgotten.', MemoryCleared) },
    errors: [400, 403],
  },
  followJob: {
    method: 'GET',
    path: '/api/jobs/:id/events',
    tag: 'Projects',
    summary: 'The job as server-sent events, until it ends',
    description:
      'Events `progress`, `warning` and `state`, each with an `id:`. Reconnecting with `Last-Event-ID` gets exactly what ' +
      'was missed; a fresh connection (or one whose missed updates are no longer kept) gets a `snapshot` (the job) first. ' +
      'Once the job is ready, failed or cancelled, its last `state` event is sent, then `end`, and the stream closes: a ' +
      'client should stop there rather than reconnect.',
    params: JobParams,
    answers: {
      200: {
        description: 'The stream.',
        events: {
          snapshot: Job,
          progress: ProgressEvent,
          warning: WarningEvent,
          state: StateEvent,
          end: Type.Object({}, { additionalProperties: false, description: 'The job has ended; the stream closes.' }),
        },
      },
    },
    errors: [404],
  },
  getJobResult: {
    method: 'GET',
    path: '/api/jobs/:id/result',
    tag: 'Projects',
    summary: 'The dubbed file (MP4 for video, WAV for audio), named after the input',
    params: JobParams,
    query: ResultQuery,
    answers: {
      200: file('The file.', ['video/mp4', 'audio/wav']),
      206: file('Part of the file.', ['video/mp4', 'audio/wav']),
    },
    errors: [400, 404, 409, 416],
  },
  getJobSource: {
    method: 'GET',
    path: '/api/jobs/:id/source',
    tag: 'Projects',
    summary: 'The media the job was made from',
    params: JobParams,
    answers: {
      200: file('The file.', ['application/octet-stream']),
      206: file('Part of the file.', ['application/octet-stream']),
    },
    errors: [404, 416],
  },
  getJobSubtitles: {
    method: 'GET',
    path: '/api/jobs/:id/subtitles/:file',
    tag: 'Projects',
    summary: 'Subtitles of the last render, in the source or target language',
    params: SubtitleParams,
    query: ResultQuery,
    answers: { 200: file('The subtitles.', ['application/x-subrip', 'text/vtt']) },
    errors: [400, 404, 409, 416],
  },
  getJobStem: {
    method: 'GET',
    path: '/api/jobs/:id/stems/:file',
    tag: 'Projects',
    summary: 'A part of the last render: the dub alone, one speaker, the background, or a multi-track file',
    description:
      'Made on the first request for a render (seconds: one mix or one mux) and kept with it. The multi-track file is ' +
      'Matroska: the picture (for a video), the original audio, the dub and the background (when the voice was ' +
      'separated out) as FLAC tracks tagged with their languages.',
    params: StemParams,
    answers: { 200: file('The stem.', ['audio/wav', 'video/x-matroska', 'audio/x-matroska']) },
    errors: [404, 416],
  },
  getJobReport: {
    method: 'GET',
    path: '/api/jobs/:id/report',
    tag: 'Projects',
    summary: 'The full report: the Timeline, stage times and the signed provenance manifest',
    params: JobParams,
    answers: {
      200: json(
        'The report (the pipeline’s own camelCase Timeline).',
        Type.Object({}, { additionalProperties: true, description: 'The report as the CLI’s --report writes it.' }),
      ),
    },
    errors: [404],
  },
  editLine: {
    method: 'PATCH',
    path: '/api/jobs/:id/segments/:segmentId',
    tag: 'Projects',
    summary: 'Edit a line: the job becomes stale and its last result is still served',
    description:
      'Editing the source text alone translates the line again at the next render; a new "speaker" moves the line to ' +
      'that speaker, whose voice (and face, with lip sync) it gets at the next render. 409 while the job runs, and ' +
      'for an edit whose "revision" is not the line\'s revision now (someone changed the line since it was read: ' +
      'the answer carries the current revision). 503 with Retry-After when another instance holds the job for longer than 4 s.',
    params: SegmentParams,
    body: { json: LineEditBody, maxBytes: SMALL_BODY_BYTES },
    answers: { 200: jobAnswer('The job, stale, with its lines.') },
    errors: [400, 404, 409, 413, 415, 503],
  },
  renameSpeaker: {
    method: 'PATCH',
    path: '/api/jobs/:id/speakers/:speaker',
    tag: 'Projects',
    summary: 'Name a speaker, or choose the voice they are spoken in',
    description:
      "The speaker must be one of the job's (one a line was moved to counts). A name changes only what the editor " +
      "shows (nothing is dubbed again). A voice (one of the target language's in /api/languages) makes the job stale: " +
      "the speaker's lines are spoken in it, at their own pitch, at the next render; a voice the language does not have " +
      'is refused with 400 naming the ones it has. 409 while the job runs or before it has a finished dub; 503 with ' +
      'Retry-After when another instance holds the job for longer than 4 s.',
    params: SpeakerParams,
    body: { json: SpeakerEditBody, maxBytes: SMALL_BODY_BYTES },
    answers: { 200: jobAnswer('The job, with its speakers (stale after a voice change).') },
    errors: [400, 404, 409, 413, 415, 503],
  },
  renderJob: {
    method: 'POST',
    path: '/api/jobs/:id/render',
    tag: 'Projects',
    summary: 'Re-dub only the lines edited since the last render',
    params: JobParams,
    answers: { 202: jobAnswer('The job, queued.') },
    errors: [402, 404, 409, 429, 503],
  },
  cancelJob: {
    method: 'POST',
    path: '/api/jobs/:id/cancel',
    tag: 'Projects',
    summary: 'Stop a queued or running job (a finished one is left as it is)',
    params: JobParams,
    answers: { 200: jobAnswer('The job, cancelled (or as it was).') },
    errors: [404, 503],
  },
  getUsage: {
    method: 'GET',
    path: '/api/usage',
    tag: 'Access',
    summary: 'The workspace’s month: its plan, minutes dubbed and left, languages and seats used',
    description:
      'Minutes are the media each finished dub took (a re-dub counts the lines it dubbed again), counted in the ' +
      'calendar month (UTC) it finished in, by every instance and worker alike. A dub that would go past the plan is ' +
      'refused with 402 before it starts (unless the operator allows overage).',
    answers: { 200: json('The month.', Usage) },
    errors: [],
  },
  listKeys: {
    method: 'GET',
    path: '/api/keys',
    tag: 'Access',
    summary: 'The workspace’s API keys (never the keys themselves): scope, when made, expires, last used, revoked',
    description: 'For a key of scope admin. Keys are made and revoked by whoever runs the service (npm run keys).',
    answers: { 200: json('The keys.', KeyList) },
    errors: [],
    scope: 'admin',
  },
  getSession: {
    method: 'GET',
    path: '/api/session',
    tag: 'Access',
    summary: 'Whether this service asks for an API key, and the workspace the request’s key opens',
    answers: { 200: json('The session.', Session) },
    errors: [],
    public: true,
  },
  signIn: {
    method: 'POST',
    path: '/api/session',
    tag: 'Access',
    summary: 'Sign the studio in: checks the key and exchanges it for a session kept in an HttpOnly cookie',
    description:
      'The cookie (`voxlate_session`, HttpOnly, SameSite=Strict, Secure over HTTPS, no expiry: gone when the browser ' +
      'closes) holds a session id, not the key, and is sent with the studio’s requests from then on; scripts cannot ' +
      'read it and other sites cannot use it. The session ends on sign-out, after 12 hours unused, 30 days after it ' +
      'began, and with its key (revoked or expired). 409 when the service asks for no key.',
    body: { json: SignInBody, maxBytes: 4096 },
    answers: { 200: json('Signed in.', Session) },
    errors: [401, 409, 429],
    public: true,
  },
  signOut: {
    method: 'DELETE',
    path: '/api/session',
    tag: 'Access',
    summary: 'Sign the studio out: the session ends on the service and the cookie is removed',
    answers: { 204: { description: 'Signed out.', empty: true } },
    errors: [],
    public: true,
  },
  health: {
    method: 'GET',
    path: '/health',
    tag: 'Service',
    summary: 'Whether the service runs, its jobs and its memory',
    answers: { 200: json('The service’s state.', Health) },
    errors: [],
    public: true,
  },
  ready: {
    method: 'GET',
    path: '/ready',
    tag: 'Service',
    summary: 'Whether the service can take new jobs now (503 while its job queue cannot be reached)',
    answers: { 200: json('Ready.', Ready) },
    errors: [503],
    public: true,
  },
  listLanguages: {
    method: 'GET',
    path: '/api/languages',
    tag: 'Service',
    summary: 'The 11 languages and what each stage can do with each of them here',
    answers: { 200: json('The languages.', Languages) },
    errors: [],
  },
  liveTranslation: {
    method: 'GET',
    path: '/api/live',
    tag: 'Live',
    summary: 'Live translation: speech in as it is spoken, captions and dubbed speech out about two seconds behind',
    description:
      'A WebSocket (connect with `ws://` or `wss://`). A plain GET, without the upgrade, answers whether the ' +
      'languages can go live here, on which engines, and how many sessions are free (422 if they cannot). On the ' +
      'WebSocket, on a service that asks for keys, the key comes first: in a header, the studio’s cookie, the ' +
      'subprotocol `voxlate-key.<key>` offered beside `voxlate`, or else as the first message `{"type":"key","key":"..."}` ' +
      '(within 10 s; a wrong one closes the socket with 1008); never in the URL. Then the languages are checked ' +
      'before any audio is taken: a bad one is answered with an `error` message and the socket is closed with 1008. ' +
      'Then the server sends `ready` once its engines are loaded. The client sends binary frames of ' +
      `${LIVE_INPUT_RATE / 1000} kHz mono signed 16-bit little-endian PCM, any size (20-100 ms is typical; at most ` +
      `${LIVE_MAX_FRAME_BYTES / 1024 / 1024} MB), at the pace it is spoken, and the text frame \`{"type":"end"}\` when ` +
      'done. The server sends `caption` messages (partial ones while a line is heard, a final one with the ' +
      'translation once a pause or the 8 s limit closes it), for each final line with words an `audio` header ' +
      'followed by that many bytes of dubbed speech in binary frames, `error` messages, and after `end` the ' +
      'remaining lines and `done`. Lines are spoken in order and never overlap: a line that waited for the one ' +
      'before is sped up (at most 1.3x) and beyond that the lag grows and is taken back in the next pause; no line ' +
      'is dropped. Close codes: 1000 done, 1008 refused (bad language, frame or message, audio faster than real ' +
      'time, a client that does not read), 1011 an engine failed, 1013 the machine holds as many live sessions as ' +
      'it can (try again later).',
    query: LiveQuery,
    answers: {
      101: {
        description: 'Switched to the WebSocket protocol.',
        socket: {
          client: { key: LiveKey, end: LiveEnd },
          server: { ready: LiveReady, caption: LiveCaption, audio: LiveAudio, error: LiveError, done: LiveDone },
        },
      },
      200: json(
        'Without the upgrade: whether these languages can go live here, before a socket is opened.',
        LiveStatus,
      ),
    },
    errors: [400, 422],
  },
  liveCaptions: {
    method: 'GET',
    path: '/api/live/captions',
    tag: 'Live',
    summary: 'The captions of a running live session, as server-sent events (what the caption overlay shows)',
    description:
      'Every `caption` message the session sends (partial and final), as events. Without `session`, it follows the ' +
      'newest session and each one started after it, so that an overlay set up once in OBS keeps working.',
    query: LiveCaptionsQuery,
    answers: { 200: { description: 'The stream.', events: { caption: LiveCaption } } },
    errors: [400, 404],
  },
  listEngines: {
    method: 'GET',
    path: '/api/engines',
    tag: 'Service',
    summary: 'Every registered engine per task, with its kind and whether it is installed',
    answers: { 200: json('The engines.', Engines) },
    errors: [],
  },
  provenanceKey: {
    method: 'GET',
    path: '/api/provenance/key',
    tag: 'Service',
    summary: 'The key this installation signs its dubs’ provenance manifests with',
    answers: { 200: json('The public key.', ProvenanceKey) },
    errors: [],
    // A public key is for anyone to check a dub with: it needs no API key.
    public: true,
  },
  openApiDocument: {
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Service',
    summary: 'This document',
    answers: { 200: json('The OpenAPI 3.1 document.', Type.Object({}, { additionalProperties: true })) },
    errors: [],
    public: true,
  },
  apiReference: {
    method: 'GET',
    path: '/api/docs',
    tag: 'Service',
    summary: 'This document as a page to read (Redoc, served from this machine)',
    answers: { 200: { description: 'An HTML page.', html: true } },
    errors: [],
    public: true,
  },
  apiReferenceScript: {
    method: 'GET',
    path: '/api/docs/redoc.standalone.js',
    tag: 'Service',
    summary: 'The script of the reference page (Redoc’s standalone bundle, MIT)',
    answers: { 200: { description: 'JavaScript.', file: ['text/javascript'] } },
    errors: [],
    public: true,
  },
} satisfies Record<string, RouteSpec>;

/** Every route, with its operationId. */
export const ROUTES: readonly Route[] = Object.entries(Routes).map(([operationId, route]) => ({
  operationId,
  ...route,
}));
/** The error every route answers with, whatever the status. */
export const ERROR_ANSWER = ErrorAnswer;

/** What each error status means here. */
export const ERROR_STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad input: a missing or unknown field, a malformed body; the message names the field and what is accepted.',
  402: 'The workspace’s plan has no minutes (or languages) left this month for this dub: `usage` says how many were used, are left and when the month resets.',
  401: 'No API key, or one that is unknown, revoked or expired, or a studio sign-in that has ended (only once the service asks for keys: npm run keys -- add).',
  403: 'A state-changing request from another web site, or a key whose scope does not allow this (the message names the scope needed).',
  404: 'No such job (or file of it).',
  408: 'The request body stalled (30 s) or took too long (10 minutes).',
  409: 'The job is busy, or has nothing to do.',
  413: 'Too large: the file (150 MB), a field, or the body.',
  415: 'Not a form (or not JSON), or not audio/video (decided by probing the content).',
  416: 'A Range outside the file.',
  421: 'The Host names no address of this service (VOXLATE_PUBLIC_ORIGIN, VOXLATE_ALLOWED_HOSTS): refused before anything runs.',
  431: 'Request headers over 16 KB.',
  422: 'The media cannot be dubbed (no audio track, no speech found, too long, unreadable), or a language has no engine here for what is asked.',
  429: 'Too many requests from this workspace (or, without keys, this address): the message names the limit hit.',
  503: 'The service is busy (the waiting line is full; see Retry-After) or an engine failed.',
};

/** Any route may answer these: HTTP that cannot be parsed (400), a Host not the service's (421), headers over 16 KB (431). */
const COMMON_ERRORS = [400, 421, 431];

/**
 * Every error status a route may answer: its own, those any route may, and 401 and 403 for a route
 * that needs a key (once the service asks for keys: none, a wrong one, one out of its scope).
 */
export function errorStatusesOf(route: RouteSpec): number[] {
  const keyed = route.public ? [] : [401, 403];
  return [...new Set([...route.errors, ...COMMON_ERRORS, ...keyed])].sort((a, b) => a - b);
}

export function routeOf(method: Method, path: string): Route | undefined {
  return ROUTES.find((route) => route.method === method && route.path === path);
}
