import Type, { type Static } from 'typebox';
import { EngineUse, Fit, LineCheckAnswer, LineReference, ReviewFlag, SegmentEngines } from './dub-answer.js';
import { VOICE_MODES } from './dub-fields.js';
import { LANGUAGE_CODES } from './languages.js';
import { LineMemory } from './memory.js';
import { Nullable, StringEnum } from './schema-kit.js';

const Closed = { additionalProperties: false } as const;
const Language = StringEnum([...LANGUAGE_CODES]);

export const JOB_ID_PATTERN = '^[0-9a-z]{8,10}-[0-9a-f]{12}$';
export const JOB_STATES = ['queued', 'running', 'ready', 'stale', 'failed', 'cancelled'] as const;
/** States a job does not leave by itself: its event stream ends with them. */
export const TERMINAL_STATES = ['ready', 'failed', 'cancelled'] as const;

export const JobState = StringEnum([...JOB_STATES], {
  description:
    'queued, running, ready (done), stale (lines edited since the last render; the old result is still served), failed, cancelled.',
});

/** A line of a stored job. */
export const JobLine = Type.Object(
  {
    id: Type.Integer(),
    start: Type.Number({ description: 'Seconds in the source.' }),
    end: Type.Number(),
    speaker: Type.String(),
    source_text: Type.String(),
    target_text: Type.String(),
    quality: StringEnum(['full', 'gist']),
    engines: Type.Optional(SegmentEngines),
    route: Type.Optional(Type.String()),
    fit: Fit,
    dubbed: Type.Optional(
      Type.Object(
        { start: Type.Number(), end: Type.Number() },
        { ...Closed, description: 'Where the dubbed line is heard in the result.' },
      ),
    ),
    lip_sync: Type.Optional(StringEnum(['synced', 'skipped'])),
    voice: Type.Optional(
      Type.Object(
        { mode: StringEnum([...VOICE_MODES]), reference: Type.Optional(LineReference) },
        { ...Closed, description: 'The voice the line was spoken in, and the speech a cloned one was copied from.' },
      ),
    ),
    memory: Type.Optional(LineMemory),
    read_as: Type.Optional(
      Type.Array(Type.Object({ written: Type.String(), read: Type.String() }, Closed), {
        description:
          'Source words written without their accents that the translation read with them ("vacias" as "vacías"); the original text keeps them as written.',
      }),
    ),
    review: Type.Array(ReviewFlag),
    check: Type.Optional(LineCheckAnswer),
    checked: Type.Boolean({
      description:
        'The creator marked the line checked: its flags stay listed but it no longer counts among the lines wanting a look.',
    }),
    stale: Type.Boolean({ description: 'Edited since the last render.' }),
    revision: Type.Integer({
      description:
        'The job revision at which this line last changed (0: never edited). Send it back as "revision" with an edit of the line.',
    }),
  },
  Closed,
);

/** A speaker's id in a job: S1, S2, ... as the diariser numbers them; a creator may add more, up to S99. */
export const SPEAKER_ID_PATTERN = '^S[1-9][0-9]?$';

export const SpeakerParams = Type.Object(
  {
    id: Type.String({ minLength: 1, description: 'The job id.' }),
    speaker: Type.String({
      pattern: SPEAKER_ID_PATTERN,
      description: 'The speaker id (S1, S2, ...).',
      'x-error': 'A speaker id is S1 to S99, got {value}.',
    }),
  },
  Closed,
);

export const StemParams = jobFileParams(
  'A stem the job offers (its `stems`): dub.wav, speaker-S1.wav, background.wav, multitrack.mkv (multitrack.mka for audio).',
);

/** A part of a finished dub, as the download menu offers it. */
export const JobStem = Type.Object(
  {
    file: Type.String({
      description: 'Its name under links.stems: dub.wav, speaker-S1.wav, background.wav, multitrack.mkv.',
    }),
    label: Type.String(),
  },
  Closed,
);

/**
 * PATCH a speaker: the name the creator gives them (shown in the editor; the id stays), the
 * voice they are spoken in (one of the language's voices in /api/languages), or a saved voice
 * from the library: their lines are dubbed again in it at the next render.
 */
export const SpeakerEditBody = Type.Object(
  {
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 60,
        pattern: '\\S',
        description: 'What to call the speaker (1-60 characters).',
        'x-error': '"name" must be 1 to 60 characters, not only spaces.',
      }),
    ),
    voice: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 80,
        description:
          "A voice id from the job's target language in /api/languages (stages.speech.voices): the speaker's lines are spoken in it from the next render, at the speaker's own pitch.",
        'x-error': '"voice" must be a voice id from /api/languages.',
      }),
    ),
    saved_voice: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 60,
        description:
          'A saved voice from /api/voice-library, by name or id: the speaker takes its pitch, range, rate and timbre and its base voice from the next render, as in every dub that uses it.',
        'x-error': '"saved_voice" must be the name or id of a saved voice.',
      }),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    'x-unknown': 'Unknown field {field}: a speaker takes "name", "voice" and "saved_voice".',
    'x-error': 'Send a JSON object with "name", "voice" or "saved_voice".',
  },
);

/** A speaker of a job, as the editor lists them. */
export const JobSpeaker = Type.Object(
  {
    id: Type.String({ pattern: SPEAKER_ID_PATTERN }),
    name: Type.String({ description: 'The name the creator gave them, or their id.' }),
    lines: Type.Integer({ minimum: 0, description: 'How many lines they speak now.' }),
    voice: Type.Optional(
      Type.Object(
        {
          id: Type.String({ description: 'The voice id (one of stages.speech.voices in /api/languages).' }),
          engine: Type.Optional(Type.String({ description: 'The synthesiser that speaks it.' })),
          chosen: Type.Boolean({
            description: 'True when the creator chose it; false when it was matched to the speaker.',
          }),
        },
        { ...Closed, description: 'The voice their lines are spoken in (absent for a speaker with no voice yet).' },
      ),
    ),
    saved_voice: Type.Optional(
      Type.Object(
        { id: Type.String(), name: Type.String() },
        { ...Closed, description: 'The saved voice from the library they are spoken in.' },
      ),
    ),
  },
  Closed,
);

/** A stage of the dub as the creator sees it. */
export const Phase = Type.Object(
  {
    id: Type.String({ description: 'The stage id (ingest, segment, recognise, ...).' }),
    label: Type.String({ description: 'What the studio shows while it runs.' }),
  },
  Closed,
);

/** A stored job (a project). */
export const Job = Type.Object(
  {
    id: Type.String({ pattern: JOB_ID_PATTERN }),
    state: JobState,
    progress: Type.Number({ minimum: 0, maximum: 100 }),
    phase: Type.Optional(Type.String({ description: 'The running stage, while queued or running.' })),
    phases: Type.Array(Phase, { description: 'The stages this job runs, in order: only these are ever shown.' }),
    revision: Type.Integer({ description: 'Goes up with every edit of its lines.' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    input_name: Type.String(),
    kind: StringEnum(['audio', 'video']),
    source_language: StringEnum(['auto', ...LANGUAGE_CODES]),
    target_language: Language,
    apply_lip_sync: Type.Boolean(),
    burn_subtitles: Type.Boolean(),
    bilingual_subtitles: Type.Boolean({ description: "The file's subtitle track is in both languages." }),
    glossary: Type.Optional(
      Type.Object(
        { id: Type.String(), name: Type.String() },
        { ...Closed, description: 'The glossary its lines were translated with (its terms as they were then).' },
      ),
    ),
    part: Type.Optional(
      Type.Object(
        { start: Type.Optional(Type.Number()), end: Type.Optional(Type.Number()) },
        { ...Closed, description: 'The part of the media dubbed (seconds), when only a part was asked for.' },
      ),
    ),
    group: Type.Optional(
      Type.Object(
        {
          id: Type.String({ description: 'The group (GET /api/groups/{id}: every language with its progress).' }),
          jobs: Type.Array(Type.Object({ id: Type.String(), target_language: Language }, Closed), {
            description: 'The jobs of the group, one per language, in the order asked (the first one listens for all).',
          }),
        },
        {
          ...Closed,
          description: 'The jobs made with it by one request for several languages (target_languages).',
        },
      ),
    ),
    use_voice_cloning: Type.Boolean(),
    voice: StringEnum([...VOICE_MODES], { description: 'The voice asked for.' }),
    voice_mode: Type.Optional(
      StringEnum([...VOICE_MODES], {
        description:
          "The voice the dub speaks in, once it has a run ('clone' asked for is 'shaped' where nothing clones the language).",
      }),
    ),
    warnings: Type.Array(Type.String()),
    stage_seconds: Type.Record(Type.String(), Type.Number()),
    edited_lines: Type.Array(Type.Integer()),
    error: Type.Optional(Type.Object({ message: Type.String(), code: Type.String() }, Closed)),
    result: Nullable(Type.Object({ container: StringEnum(['mp4', 'wav']), revision: Type.Integer() }, Closed)),
    links: Type.Object(
      {
        self: Type.String(),
        events: Type.String(),
        result: Type.String(),
        source: Type.String(),
        report: Type.String(),
        stems: Type.String({ description: "Where the stems are: add a stem's file name." }),
      },
      Closed,
    ),
    engines_used: Type.Optional(Type.Array(EngineUse)),
    segments: Type.Optional(Type.Array(JobLine, { description: 'Its lines, once it has a run.' })),
    stems: Type.Optional(
      Type.Array(JobStem, {
        description: 'The parts of the result to download apart (GET links.stems + file), once it has one.',
      }),
    ),
    speakers: Type.Optional(
      Type.Array(JobSpeaker, {
        description: 'Who speaks its lines, once it has a run (a speaker moved away from keeps their place).',
      }),
    ),
  },
  Closed,
);

/** GET /api/groups/{id}: the languages one request asked for, each a job of its own. */
export const JobGroup = Type.Object(
  {
    id: Type.String(),
    state: JobState,
    progress: Type.Number({
      minimum: 0,
      maximum: 100,
      description: "Over all its languages: the mean of its jobs' progress.",
    }),
    jobs: Type.Array(Job, {
      description: 'Its jobs (without their lines), in the order asked; a job removed since is no longer listed.',
    }),
  },
  { ...Closed, description: "A group's state is its least advanced job's: running until every language has settled." },
);

export const GroupParams = Type.Object(
  { id: Type.String({ minLength: 1, description: 'The group id.', 'x-error': 'There is no group {value}.' }) },
  Closed,
);

export const JobList = Type.Object(
  { jobs: Type.Array(Job), page: Type.Integer(), size: Type.Integer(), total: Type.Integer() },
  Closed,
);

export const JobListQuery = Type.Object(
  {
    page: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,15}$',
        default: '0',
        description: 'Page number, from 0.',
        'x-error': '"page" must be a whole number from 0 to 9007199254740991, got {value}.',
      }),
    ),
    size: Type.Optional(
      Type.String({
        pattern: '^([1-9]|[1-9][0-9]|100)$',
        default: '20',
        description: 'Jobs a page (1-100).',
        'x-error': '"size" must be a whole number from 1 to 100, got {value}.',
      }),
    ),
  },
  { additionalProperties: true },
);

/** Which render of a job's result a client means (a player's address changes with it). */
export const ResultQuery = Type.Object(
  {
    revision: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,9}$',
        description:
          "The result's revision the client wants (the job's `result.revision` as it read it). If the job's result is " +
          'another revision now, the answer is 409 with the current one, so a player never mixes a newer file with ' +
          'older subtitles.',
        'x-error': '"revision" must be a whole number from 0, got {value}.',
      }),
    ),
  },
  { additionalProperties: true },
);

export const JobParams = Type.Object(
  { id: Type.String({ minLength: 1, description: 'The job id.', 'x-error': 'There is no job {value}.' }) },
  Closed,
);

export const SegmentParams = Type.Object(
  {
    id: Type.String({ minLength: 1, description: 'The job id.' }),
    segmentId: Type.String({
      pattern: '^[0-9]{1,15}$',
      description: 'The line id.',
      'x-error': '"segment id" must be a whole number from 0 to 9007199254740991, got {value}.',
    }),
  },
  Closed,
);

export const SubtitleParams = jobFileParams(
  '<language>.srt or <language>.vtt (spa.vtt), or <target>-<source> for both languages in each cue (spa-eng.srt).',
);

/** A file of a job's result, by name: its params. */
function jobFileParams(description: string) {
  return Type.Object(
    { id: Type.String({ minLength: 1, description: 'The job id.' }), file: Type.String({ minLength: 1, description }) },
    Closed,
  );
}

/** PATCH a line: its new source and/or target text, or the speaker who says it. */
export const LineEditBody = Type.Object(
  {
    source_text: Type.Optional(Type.String({ 'x-error': '"source_text" must be a string.' })),
    target_text: Type.Optional(Type.String({ 'x-error': '"target_text" must be a string.' })),
    checked: Type.Optional(
      Type.Boolean({
        description:
          'Mark the line checked (true) or not (false): only the count of lines wanting a look changes; nothing is dubbed again.',
        'x-error': '"checked" must be true or false, got {value}.',
      }),
    ),
    speaker: Type.Optional(
      Type.String({
        pattern: SPEAKER_ID_PATTERN,
        description:
          "Move the line to this speaker (S1-S99): one of the job's, or a new id for a speaker of its own. The re-dub speaks it in that speaker's voice (and, with lip sync, on their face).",
        'x-error': '"speaker" must be a speaker id, S1 to S99, got {value}.',
      }),
    ),
    revision: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          "The line's revision the edit was made against (its `revision` as last read). An edit of a line changed since is refused with 409 and the line's current revision, so no one's edit is lost unseen; without it, the edit applies to the line as it is now.",
        'x-error': '"revision" must be a whole number from 0, the line\'s revision as last read, got {value}.',
      }),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    'x-unknown': 'Unknown field {field}: a line takes "source_text", "target_text", "speaker" and "revision".',
    'x-error': 'Send a JSON object with "source_text", "target_text" and/or "speaker".',
    'x-errors': { minProperties: 'Send "source_text", "target_text" and/or "speaker" to change the line.' },
  },
);

/** Events of GET /api/jobs/{id}/events (each with an `id:` for Last-Event-ID) and of a request's stream. */
export const ProgressEvent = Type.Object(
  { type: Type.Literal('progress'), progress: Type.Number({ minimum: 0, maximum: 100 }), phase: Type.String() },
  Closed,
);
export const WarningEvent = Type.Object({ type: Type.Literal('warning'), message: Type.String() }, Closed);
export const StateEvent = Type.Object(
  {
    type: Type.Literal('state'),
    state: JobState,
    revision: Type.Integer(),
    error: Type.Optional(Type.Object({ message: Type.String(), code: Type.String() }, Closed)),
  },
  Closed,
);

export type Job = Static<typeof Job>;
export type JobLine = Static<typeof JobLine>;
export type JobList = Static<typeof JobList>;
export type JobGroup = Static<typeof JobGroup>;
export type LineEditBody = Static<typeof LineEditBody>;
export type SpeakerEditBody = Static<typeof SpeakerEditBody>;
export type JobSpeaker = Static<typeof JobSpeaker>;
export type JobStem = Static<typeof JobStem>;
export type Phase = Static<typeof Phase>;
/** Where a job is: waiting, being worked on, done (ready), done but edited since (stale), or ended otherwise. */
export type JobState = (typeof JOB_STATES)[number];
export type StateEvent = Static<typeof StateEvent>;
export type ProgressEvent = Static<typeof ProgressEvent>;
export type WarningEvent = Static<typeof WarningEvent>;
