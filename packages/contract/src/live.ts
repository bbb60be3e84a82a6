import Type, { type Static } from 'typebox';
import { LANGUAGE_CODES } from './languages.js';
import { Nullable, StringEnum } from './schema-kit.js';

const Closed = { additionalProperties: false } as const;
const CODES = LANGUAGE_CODES.join(', ');

/** The audio a live client sends: 16 kHz mono signed 16-bit little-endian PCM, in binary frames. */
export const LIVE_INPUT_RATE = 16000;
/** A binary frame larger than this (about 32 s of audio) is refused: clients send 20-100 ms. */
export const LIVE_MAX_FRAME_BYTES = 1024 * 1024;

/**
 * WebSocket close codes a live session ends with: 1000 when done, 1008 when the request or a
 * frame was refused (the error message comes first as an `error` message), 1011 when an engine
 * failed, 1013 when the machine already holds as many live sessions as it can.
 */
export const LIVE_CLOSE = { done: 1000, refused: 1008, failed: 1011, busy: 1013 } as const;

export const LiveQuery = Type.Object(
  {
    source_language: StringEnum([...LANGUAGE_CODES], {
      description:
        'The language spoken (ISO 639-3); it needs a live recogniser (see /api/languages, live_recognition).',
      'x-missing': 'Please select the language you speak (source_language)',
      'x-error': `Unknown source_language {value}. Valid codes: ${CODES}.`,
    }),
    target_language: StringEnum([...LANGUAGE_CODES], {
      description: 'The language to translate into (ISO 639-3).',
      'x-missing': 'Please select a target language',
      'x-error': `Unknown target_language {value}. Valid codes: ${CODES}.`,
    }),
    glossary_id: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f]{16}$',
        description: 'A glossary whose "say as" respellings the voice reads (the captions keep the words).',
        'x-error': 'glossary_id must be the id of a glossary (16 hex digits), got {value}.',
      }),
    ),
  },
  Closed,
);

export const LiveCaptionsQuery = Type.Object(
  {
    session: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
        description:
          'The session_id its `ready` message gave; without it, the newest session, and each new one after it.',
        'x-error': 'session must be the session_id a live session was given (a UUID).',
      }),
    ),
  },
  Closed,
);

/** Client → server text frame: the stream has ended; the remaining lines are finished, then `done`. */
export const LiveEnd = Type.Object({ type: Type.Literal('end') }, Closed);

const LiveEngines = Type.Object(
  { recognition: Type.String(), translation: Type.String(), synthesis: Type.String() },
  { ...Closed, description: 'The engines a session in these languages runs on.' },
);

export const LiveStatus = Type.Object(
  {
    sample_rate: Type.Literal(LIVE_INPUT_RATE, { description: 'The rate the audio sent must have, Hz.' }),
    sessions: Type.Object(
      {
        running: Type.Integer({ minimum: 0, description: 'Live sessions running on this machine now.' }),
        max: Type.Integer({ minimum: 1, description: 'As many as it holds (VOXLATE_MAX_LIVE_SESSIONS).' }),
      },
      Closed,
    ),
    engines: LiveEngines,
  },
  {
    ...Closed,
    description:
      'A plain GET (no WebSocket upgrade): whether these languages can go live here, on which engines, and ' +
      'how many sessions are free, before a socket is opened.',
  },
);

export const LiveReady = Type.Object(
  {
    type: Type.Literal('ready'),
    session_id: Type.String({
      description: 'The session, for its caption overlay (/live/overlay?session=...) and /api/live/captions.',
    }),
    sample_rate: Type.Literal(LIVE_INPUT_RATE, { description: 'The rate the audio sent must have, Hz.' }),
    engines: LiveEngines,
  },
  { ...Closed, description: 'Once, when the engines are loaded: audio may be sent from now on.' },
);

export const LiveCaption = Type.Object(
  {
    type: Type.Literal('caption'),
    id: Type.Integer({ minimum: 0, description: 'The line, counted from 0; partials and the final share it.' }),
    final: Type.Boolean({ description: 'false: what is heard so far (it may change); true: the line as closed.' }),
    start: Type.Number({ description: 'Seconds of the incoming stream.' }),
    end: Type.Number({ description: 'Seconds of the incoming stream.' }),
    source_text: Type.String(),
    target_text: Nullable(Type.String(), { description: 'The translation (final captions only; null in partials).' }),
  },
  {
    ...Closed,
    description:
      'A line as it is heard (final: false, several times) and once closed (final: true, with the translation). ' +
      'A final caption with empty texts is a sound that held no words: no audio follows it.',
  },
);

export const LiveAudio = Type.Object(
  {
    type: Type.Literal('audio'),
    id: Type.Integer({ minimum: 0 }),
    sample_rate: Type.Integer({ description: 'Of the PCM that follows, Hz.' }),
    start: Type.Number({
      description:
        'Where the line plays on the incoming stream’s clock, seconds: after the line before, never overlapping it.',
    }),
    bytes: Type.Integer({
      minimum: 0,
      description: 'How many bytes of mono signed 16-bit little-endian PCM follow, in one or more binary frames.',
    }),
    tempo: Type.Number({ description: '1, or above when the line was sped up to catch up with the speaker.' }),
  },
  { ...Closed, description: "A line's dubbed speech: this header, then its PCM in binary frames." },
);

export const LiveError = Type.Object(
  {
    type: Type.Literal('error'),
    error: Type.String(),
    id: Type.Optional(Type.Integer({ minimum: 0, description: 'The line it concerns; the session goes on.' })),
  },
  {
    ...Closed,
    description: 'Something went wrong: about one line (with its id; the session goes on), or the session (it closes).',
  },
);

export const LiveDone = Type.Object(
  { type: Type.Literal('done') },
  { ...Closed, description: 'After `end`: every line has been sent; the server closes with 1000.' },
);

export type LiveQuery = Static<typeof LiveQuery>;

/** The query of a live session's address (`/api/live?...`), the languages as the studio holds them. */
export function liveQueryOf(asked: { sourceLanguage: string; targetLanguage: string; glossaryId?: string }): string {
  const query: Partial<Record<keyof LiveQuery, string>> = {
    source_language: asked.sourceLanguage,
    target_language: asked.targetLanguage,
    ...(asked.glossaryId === undefined ? {} : { glossary_id: asked.glossaryId }),
  };
  return new URLSearchParams(query).toString();
}
export type LiveStatus = Static<typeof LiveStatus>;
export type LiveReady = Static<typeof LiveReady>;
export type LiveCaption = Static<typeof LiveCaption>;
export type LiveAudio = Static<typeof LiveAudio>;
export type LiveError = Static<typeof LiveError>;
export type LiveDone = Static<typeof LiveDone>;
export type LiveServerMessage = LiveReady | LiveCaption | LiveAudio | LiveError | LiveDone;
