import Type, { type Static } from 'typebox';
import { LANGUAGE_CODES } from './languages.js';
import { Nullable, StringEnum } from './schema-kit.js';

const Closed = { additionalProperties: false } as const;

export const Health = Type.Object(
  {
    status: Type.Literal('ok'),
    jobs: Type.Object({ running: Type.Integer(), waiting: Type.Integer() }, Closed),
    queue: StringEnum(['embedded', 'up', 'down'], {
      description:
        'Where jobs are run: "embedded" (in this service), or through Redis that can ("up") or cannot ("down") be reached; while it is down new jobs are refused with 503 and Retry-After.',
    }),
    memory: Type.Object(
      { rss: Type.Number(), heap: Type.Number(), external: Type.Number(), arrayBuffers: Type.Number() },
      { ...Closed, description: 'MB.' },
    ),
  },
  Closed,
);

/** GET /ready: the service can take new jobs. */
export const Ready = Type.Object({ ready: Type.Literal(true) }, Closed);
export type Ready = Static<typeof Ready>;

/** A voice a synthesiser offers for a language. */
export const VoiceListing = Type.Object(
  {
    id: Type.String({ description: "What a speaker's voice is set to (PATCH /api/jobs/{id}/speakers/{speaker})." }),
    name: Type.String(),
    gender: Nullable(StringEnum(['female', 'male'])),
    licence: Type.String({ description: "The licence of the voice's data." }),
    non_commercial: Type.Boolean({
      description:
        'The licence allows non-commercial use only (MBROLA, listed only once the creator has opted in): a dub spoken by it may not be sold.',
    }),
  },
  Closed,
);
export type VoiceListing = Static<typeof VoiceListing>;

/** One language and what each stage can do with it on this installation. */
export const LanguageSupport = Type.Object(
  {
    code: StringEnum([...LANGUAGE_CODES]),
    name: Type.String(),
    flag: Type.String(),
    iso639_1: Nullable(Type.String()),
    script: Type.String(),
    locale: Type.String(),
    unspaced: Type.Boolean(),
    subtitles: Type.Object({ maxLineChars: Type.Integer(), maxCharsPerSecond: Type.Number() }, Closed),
    stages: Type.Object(
      {
        recognition: Type.Array(Type.String(), { description: 'Installed recognisers that hear it.' }),
        live_recognition: Type.Array(Type.String(), {
          description:
            'Installed recognisers that hear it live, as it is spoken (the live translation source languages).',
        }),
        detection: Type.Array(Type.String(), { description: "Installed engines that can tell it apart ('auto')." }),
        translation_from_english: Nullable(
          Type.Object({ engine: Type.String(), quality: StringEnum(['full', 'gist']) }, Closed),
        ),
        synthesis: Type.Array(Type.String()),
        voice_cloning: Nullable(
          Type.Object(
            {
              engine: Type.String(),
              name: Type.String(),
              speech_per_second: Type.Number({
                description:
                  'Seconds of speech it makes per second on two CPU cores (below 1: slower than real time), for time estimates.',
              }),
            },
            Closed,
          ),
          {
            description:
              "The engine Preserve Voice clones the speakers' voices with in this language; null: voices are shaped instead.",
          },
        ),
        speech: Nullable(
          Type.Object(
            {
              engine: Type.String(),
              name: Type.String(),
              robotic: Type.Boolean({
                description:
                  'A formant synthesiser (eSpeak NG), intelligible but robotic: no better voice is installed for the language here.',
              }),
              voices: Type.Array(VoiceListing),
            },
            Closed,
          ),
          {
            description:
              'The synthesiser dubs into this language are spoken by, and its voices (each speaker gets one of their sex where there are both).',
          },
        ),
        subtitles_as_source: Type.Boolean(),
      },
      Closed,
    ),
  },
  Closed,
);
export const Languages = Type.Array(LanguageSupport);

const EngineEntries = Type.Array(
  Type.Object({ id: Type.String(), kind: StringEnum(['offline', 'neural']), installed: Type.Boolean() }, Closed),
);
export const ENGINE_TASKS = [
  'vad',
  'asr',
  'mt',
  'tts',
  'clone',
  'stretch',
  'separate',
  'diarise',
  'voice',
  'lipsync',
  'live',
] as const;
export const Engines = Type.Object(
  Object.fromEntries(ENGINE_TASKS.map((task) => [task, EngineEntries])) as Record<
    (typeof ENGINE_TASKS)[number],
    typeof EngineEntries
  >,
  Closed,
);

export const ProvenanceKey = Type.Object(
  { algorithm: Type.Literal('Ed25519'), publicKey: Type.String({ description: 'The raw public key, base64url.' }) },
  Closed,
);

export const ErrorAnswer = Type.Object(
  {
    error: Type.String({ description: 'What was wrong and what is accepted, to show as it is.' }),
    revision: Type.Optional(
      Type.Integer({
        description: "On a 409 to an edit made against an old revision of its line: the line's current revision.",
      }),
    ),
    usage: Type.Optional(
      Type.Object(
        {
          used_minutes: Type.Number({ description: 'Minutes dubbed this month.' }),
          left_minutes: Type.Number({ description: "Minutes left of the month's allowance (0 when none)." }),
          resets_at: Type.String({ format: 'date-time', description: 'When the next month starts (UTC).' }),
        },
        { ...Closed, description: "On a 402: the workspace's month, as its plan counts it." },
      ),
    ),
  },
  Closed,
);

export type Health = Static<typeof Health>;
export type LanguageSupport = Static<typeof LanguageSupport>;
export type Engines = Static<typeof Engines>;
export type ErrorAnswer = Static<typeof ErrorAnswer>;
