import { VOICE_MODES } from './dub-fields.js';
import Type, { type Static } from 'typebox';
import { LANGUAGE_CODES } from './languages.js';
import { StringEnum } from './schema-kit.js';

const Language = StringEnum([...LANGUAGE_CODES]);
const Closed = { additionalProperties: false } as const;

export const ReviewWord = Type.Object(
  {
    text: Type.String(),
    start: Type.Number({ description: 'Seconds in the source.' }),
    end: Type.Number(),
    confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: "The recogniser's own, 0-1." })),
  },
  Closed,
);

export const REVIEW_REASONS = ['unsure-words', 'untranslated', 'tempo-cap', 'overflow', 'gist', 'glossary'] as const;

/**
 * Why a line wants a creator's look before publishing: `unsure-words` (the recogniser doubted
 * them), `untranslated` (source words left in the dub), `tempo-cap` (sped up to the cap),
 * `overflow` (runs past its slot even so), `gist` (a word-by-word dictionary gloss), `glossary` (a
 * glossary term found in the line could not be placed in its translation: the words name it).
 */
export const ReviewFlag = Type.Object(
  { reason: StringEnum([...REVIEW_REASONS]), words: Type.Optional(Type.Array(ReviewWord)) },
  Closed,
);

/** The tasks a dub's report names an engine for, in the order they run. */
export const ENGINE_TASK_NAMES = [
  'speech detection',
  'separation',
  'speakers',
  'recognition',
  'translation',
  'synthesis',
  'voice cloning',
  'voice',
  'lip sync',
] as const;

/** The speech a cloned voice was copied from. */
export const ReferenceSpans = {
  spans: Type.Array(Type.Object({ start: Type.Number(), end: Type.Number() }, Closed), {
    description: 'Where in the source, seconds.',
  }),
  seconds: Type.Number(),
  from: StringEnum(['separated voice', 'original'], {
    description: 'The separated voice, or the original where no separator ran (music and noise included).',
  }),
};

export const EngineUse = Type.Object(
  {
    task: StringEnum([...ENGINE_TASK_NAMES]),
    engine: Type.String(),
    quality: StringEnum(['full', 'gist', 'offline', 'neural'], {
      description: "Translation: 'full' machine translation or a 'gist'; the others: 'offline' or 'neural'.",
    }),
  },
  Closed,
);

/** The engines that served a line, by task. */
export const SegmentEngines = Type.Object(
  {
    asr: Type.Optional(Type.String()),
    mt: Type.Optional(Type.String()),
    tts: Type.Optional(Type.String()),
    stretch: Type.Optional(Type.String()),
    voice: Type.Optional(Type.String()),
  },
  Closed,
);

export const Fit = Type.Object(
  {
    tempo: Type.Number({ description: 'Speed-up of the dubbed line (1 = as synthesised).' }),
    shift: Type.Number({ description: 'Seconds the dubbed line starts after its source start.' }),
    overflow: Type.Number({ description: 'Seconds it runs past its slot even at the tempo cap.' }),
  },
  Closed,
);

const Pause = Type.Object({ at: Type.Number(), seconds: Type.Number() }, Closed);

export const SourceProsody = Type.Object(
  {
    voiced_seconds: Type.Number(),
    f0_median_hz: Type.Optional(Type.Number()),
    f0_range_semitones: Type.Optional(Type.Number()),
    loudness_db: Type.Optional(Type.Number()),
    syllables_per_second: Type.Optional(Type.Number()),
    pauses: Type.Array(Pause),
  },
  Closed,
);

/** The voice a cloned line was copied from. */
export const LineReference = Type.Object(
  {
    kind: StringEnum(['line', 'speaker', 'saved'], {
      description:
        "'line': the line's own source speech (its emotion carries over); 'speaker': the speaker's reference; " +
        "'saved': the speech of the speaker's saved voice (no span of this source).",
    }),
    ...ReferenceSpans,
  },
  { ...Closed, description: 'The voice this line was cloned from.' },
);

export const AppliedVoice = Type.Object(
  {
    mode: StringEnum([...VOICE_MODES], {
      description:
        "'clone': the speaker's own voice, cloned; 'shaped': a synthetic voice shaped to them; 'neutral': a plain voice.",
    }),
    base_voice: Type.String(),
    reference: Type.Optional(LineReference),
    rate: Type.Number(),
    f0_median_hz: Type.Optional(Type.Number()),
    contour: Type.Boolean(),
    energy: Type.Boolean(),
    timbre: Type.Boolean(),
    pauses: Type.Number(),
    notes: Type.Array(Type.String()),
    non_commercial: Type.Optional(
      Type.Literal(true, {
        description:
          "The voice's licence allows non-commercial use only (an MBROLA voice the creator opted in to): the dub may not be sold as it is.",
      }),
    ),
  },
  Closed,
);

export const LIP_SYNC_SKIP_REASONS = [
  'no-face',
  'several-faces',
  'profile',
  'face-too-small',
  'off-screen',
  'too-few-mouths',
] as const;

export const LineLipSync = Type.Object(
  {
    status: StringEnum(['synced', 'skipped']),
    reason: Type.Optional(StringEnum([...LIP_SYNC_SKIP_REASONS])),
    reason_text: Type.Optional(Type.String()),
    frames: Type.Number(),
    synced_frames: Type.Number(),
  },
  Closed,
);

/** How lip sync wrote the new picture: which of the source's groups of pictures it copied as they were. */
export const LipSyncPicture = Type.Object(
  {
    frames: Type.Integer({ description: 'Frames in the new picture.' }),
    encoded_frames: Type.Integer({
      description: 'Frames encoded anew; the others are the source’s, copied bit for bit.',
    }),
    groups: Type.Integer({ description: 'The source’s groups of pictures (keyframe to keyframe).' }),
    copied_groups: Type.Integer({
      description: 'Groups with no new mouth, copied from the source without re-encoding.',
    }),
    whole_because: Type.Optional(Type.String({ description: 'Why every frame was re-encoded, when it was.' })),
  },
  Closed,
);

/** What was measured of a dubbed line itself: understood, fitting its time, like its speaker. */
export const LineCheckAnswer = Type.Object(
  {
    score: Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'The lowest of the parts measured: 1 fine, below 0.5 likely wrong. Listen to the lowest first.',
    }),
    verdict: StringEnum(['good', 'timed', 'listen', 'redo']),
    intelligibility: Type.Optional(
      Type.Object(
        {
          word_error_rate: Type.Number({ minimum: 0 }),
          heard: Type.String({ description: 'What the recogniser heard in the dubbed line.' }),
          engine: Type.String(),
          verdict: Type.String(),
        },
        {
          ...Closed,
          description:
            'The dubbed line recognised back and compared with its text (absent where no recogniser for the language is installed).',
        },
      ),
    ),
    fit: Type.Object(
      { tempo: Type.Number(), overflow_seconds: Type.Number(), verdict: Type.String() },
      { ...Closed, description: 'How fast the line was played to fit, and how far it runs over the next one.' },
    ),
    likeness: Type.Optional(
      Type.Object(
        { similarity: Type.Number(), engine: Type.String(), verdict: Type.String() },
        {
          ...Closed,
          description: 'Speaker similarity of the dubbed voice to the speaker’s own (where a model is installed).',
        },
      ),
    ),
  },
  { ...Closed, description: 'The check of the dub itself (see the API docs, "The check on every line").' },
);

/** One line of a spec endpoint's answer. */
export const AnswerSegment = Type.Object(
  {
    start: Type.Number({ description: 'Seconds in the source.' }),
    end: Type.Number(),
    source_text: Type.String(),
    target_text: Type.String(),
    quality: StringEnum(['full', 'gist']),
    engines: Type.Optional(SegmentEngines),
    route: Type.Optional(Type.String({ description: 'The translation route, e.g. "eng->cat->fra".' })),
    shortened: Type.Optional(Type.Literal(true)),
    tempo: Type.Number(),
    shift: Type.Number(),
    overflow: Type.Number(),
    speaker: Type.Optional(Type.String()),
    source_prosody: Type.Optional(SourceProsody),
    voice: Type.Optional(AppliedVoice),
    lip_sync: Type.Optional(LineLipSync),
    review: Type.Array(ReviewFlag),
    check: Type.Optional(LineCheckAnswer),
  },
  Closed,
);

export const SpeakerAnswer = Type.Object(
  {
    speaker: Type.String(),
    voiced_seconds: Type.Number(),
    f0_median_hz: Type.Optional(Type.Number()),
    f0_range_semitones: Type.Optional(Type.Number()),
    loudness_db: Type.Optional(Type.Number()),
    syllables_per_second: Type.Optional(Type.Number()),
    pause_seconds: Type.Optional(Type.Number()),
    spectral_tilt_db_per_octave: Type.Optional(Type.Number()),
    formants_hz: Type.Optional(Type.Array(Type.Number())),
    voice: Type.Object(
      {
        base_voice: Type.Optional(Type.String()),
        pitch_hz: Type.Optional(Type.Number()),
        range_semitones: Type.Optional(Type.Number()),
        formant_scale: Type.Optional(Type.Number()),
      },
      Closed,
    ),
    reference: Type.Optional(
      Type.Object(ReferenceSpans, {
        ...Closed,
        description: 'Their cleanest speech: the voice their lines are cloned in.',
      }),
    ),
    saved_voice: Type.Optional(
      Type.Object(
        { id: Type.String(), name: Type.String() },
        {
          ...Closed,
          description:
            'The voice from the library they are spoken in (GET /api/voice-library): the measures above are its own.',
        },
      ),
    ),
  },
  Closed,
);

export const SubtitleFiles = Type.Object({ language: Language, srt: Type.String(), vtt: Type.String() }, Closed);

export const Background = Type.Union([
  Type.Object({ method: Type.Literal('separated'), engine: Type.String() }, Closed),
  Type.Object({ method: Type.Literal('ducked'), duckDb: Type.Number(), reason: Type.String() }, Closed),
  Type.Object({ method: Type.Literal('removed'), reason: Type.String() }, Closed),
]);

const FileDigest = Type.Object({ sha256: Type.String(), bytes: Type.Number() }, Closed);

/** The signed statement that a dub is synthetic: save it beside the file as `<file>.voxlate.json`. */
export const ProvenanceManifest = Type.Object(
  {
    format: Type.Literal('voxlate-provenance/1'),
    synthetic: Type.Literal(true),
    statement: Type.String(),
    tool: Type.Object({ name: Type.String(), version: Type.String() }, Closed),
    created: Type.String({ format: 'date-time' }),
    output: Type.Object({ sha256: Type.String(), bytes: Type.Number(), container: StringEnum(['mp4', 'wav']) }, Closed),
    input: FileDigest,
    request: Type.Object(
      {
        sourceLanguage: Language,
        targetLanguage: Language,
        transcript: Type.Optional(FileDigest),
        options: Type.Record(Type.String(), Type.Unknown()),
      },
      Closed,
    ),
    engines: Type.Record(Type.String(), Type.Array(Type.String())),
    voice: Type.Object(
      {
        mode: StringEnum([...VOICE_MODES]),
        cloned: Type.Optional(
          Type.Object(
            {
              engine: Type.String(),
              speakers: Type.Array(Type.String()),
              statement: Type.String(),
            },
            Closed,
          ),
        ),
        nonCommercial: Type.Optional(
          Type.Object(
            {
              voices: Type.Array(Type.String()),
              lines: Type.Integer({ minimum: 1 }),
              statement: Type.String(),
            },
            {
              ...Closed,
              description: 'Voices licensed for non-commercial use only (opted-in MBROLA) spoke these many lines.',
            },
          ),
        ),
        saved: Type.Optional(
          Type.Array(
            Type.Object(
              {
                speaker: Type.String(),
                voice: Type.Object({ id: Type.String(), name: Type.String() }, Closed),
                rights: Type.Object({ statement: Type.String(), at: Type.String({ format: 'date-time' }) }, Closed),
              },
              Closed,
            ),
            { description: "Speakers spoken in a saved voice, with the creator's statement that they may use it." },
          ),
        ),
      },
      { ...Closed, description: 'The voice the dub speaks in: a clone of the speakers when `cloned` is present.' },
    ),
    signature: Type.Object(
      { algorithm: Type.Literal('Ed25519'), publicKey: Type.String(), keyId: Type.String(), value: Type.String() },
      Closed,
    ),
  },
  { ...Closed, description: 'Signed with the Ed25519 key at GET /api/provenance/key.' },
);

/** What every dubbing answer carries beside its media (the spec's fields, then ours). */
export const DubFacts = {
  transcripts: Type.Object({ source: Type.String(), target: Type.String() }, Closed),
  source_language: Language,
  segments: Type.Array(AnswerSegment),
  review_lines: Type.Integer({ description: 'How many lines have a review flag.' }),
  engines_used: Type.Array(EngineUse),
  speakers: Type.Array(SpeakerAnswer),
  voice_mode: StringEnum([...VOICE_MODES], {
    description:
      "The voice the dub was spoken in: 'clone' asked for falls back to 'shaped' where no cloning engine covers the language.",
  }),
  diariser: Type.Optional(Type.String()),
  lip_sync: Type.Optional(
    Type.Object(
      {
        engine: Type.String(),
        synced: Type.Integer(),
        skipped: Type.Integer(),
        picture: Type.Optional(LipSyncPicture),
      },
      Closed,
    ),
  ),
  warnings: Type.Array(Type.String()),
  background: Type.Optional(Background),
  subtitles: Type.Object(
    {
      source: SubtitleFiles,
      target: SubtitleFiles,
      bilingual: Type.Optional(
        Type.Object(
          { languages: Type.Array(Language, { minItems: 2, maxItems: 2 }), srt: Type.String(), vtt: Type.String() },
          { ...Closed, description: 'With bilingual_subtitles: each cue the target line over the source line.' },
        ),
      ),
    },
    Closed,
  ),
  provenance: ProvenanceManifest,
  job_id: Type.String({ description: 'The stored job behind the answer: GET /api/jobs/{job_id} opens it.' }),
};

const Base64 = (description: string) => Type.String({ contentEncoding: 'base64', description });

/** POST /translate's answer. */
export const DubAnswer = Type.Object({ audio: Base64('The dubbed audio, a WAV file.'), ...DubFacts }, Closed);

/** POST /process-audio-url's answer: the same, with the fetched audio. */
export const AudioUrlAnswer = Type.Object(
  {
    audio: Base64('The dubbed audio, a WAV file.'),
    source_audio: Base64('The fetched audio, a WAV file.'),
    ...DubFacts,
  },
  Closed,
);

/** An event of /process-video's stream: progress, then the result, or an error. */
export const VideoProgressEvent = Type.Object(
  { progress: Type.Number({ minimum: 0, maximum: 100 }), phase: Type.String() },
  Closed,
);
export const VideoResultEvent = Type.Object(
  {
    result: Base64('The dubbed video, an MP4 file.'),
    progress: Type.Literal(100),
    phase: Type.Literal('Done'),
    ...DubFacts,
  },
  Closed,
);
export const VideoErrorEvent = Type.Object(
  {
    error: Type.String({ description: 'What went wrong, to show as it is.' }),
    details: Type.String({ description: 'The error code (NoSpeech, MediaUnreadable, ...).' }),
    phase: Type.String({ description: 'The phase it happened in.' }),
  },
  Closed,
);
export const VideoEvent = Type.Union([VideoProgressEvent, VideoResultEvent, VideoErrorEvent]);

/** What every dubbing answer carries beside its media. */
export const DubFactsObject = Type.Object(DubFacts, Closed);
export type DubFactsAnswer = Static<typeof DubFactsObject>;
export type ProvenanceManifestAnswer = Static<typeof ProvenanceManifest>;
export type DubAnswer = Static<typeof DubAnswer>;
export type AnswerSegment = Static<typeof AnswerSegment>;
export type SpeakerAnswer = Static<typeof SpeakerAnswer>;
export type AudioUrlAnswer = Static<typeof AudioUrlAnswer>;
export type VideoEvent = Static<typeof VideoEvent>;
export type VideoProgressEvent = Static<typeof VideoProgressEvent>;
export type VideoResultEvent = Static<typeof VideoResultEvent>;
export type VideoErrorEvent = Static<typeof VideoErrorEvent>;
export type ReviewFlag = Static<typeof ReviewFlag>;
export type LineCheckAnswer = Static<typeof LineCheckAnswer>;
export type ReviewWord = Static<typeof ReviewWord>;
export type ReviewReason = (typeof REVIEW_REASONS)[number];
export type EngineUse = Static<typeof EngineUse>;
export type EngineTask = (typeof ENGINE_TASK_NAMES)[number];
export type SubtitleFiles = Static<typeof SubtitleFiles>;
