import Type, { type TSchema } from 'typebox';
import { LANGUAGE_CODES } from './languages.js';
import { FormFlag, StringEnum } from './schema-kit.js';

/** The most speakers a request may name. */
export const MAX_SPEAKERS = 20;
/** A client's own id for following a spec request's stages: a UUID fits. */
export const REQUEST_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
/** Subtitles given as the source: text, never more. */
export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;
export const BACKENDS = ['cascaded'] as const;
export const ENGINE_FIELDS = ['asr_engine', 'mt_engine', 'tts_engine', 'clone_engine', 'diarise_engine'] as const;
export const VOICE_MODES = ['clone', 'shaped', 'neutral'] as const;
/** What becomes of the original voice where no separator takes it out (the pipeline's `originalSpeech`). */
export const ORIGINAL_SPEECH_CHOICES = ['duck', 'remove'] as const;

const CODES = LANGUAGE_CODES.join(', ');
const ANY_CODE = `(${LANGUAGE_CODES.join('|')})`;
/** Seconds into the media: a whole number or a decimal, up to milliseconds. */
/** One speaker given a saved voice: S1=NAME (names have no ";" or "=", see SAVED_VOICE_NAME_PATTERN). */
const ASSIGNMENT = '(S[1-9][0-9]?|\\*)\\s*=[^;=\\r\\n]*[^;=\\s][^;=\\r\\n]*';
const SECONDS_PATTERN = '^\\s*[0-9]{1,6}(\\.[0-9]{1,3})?\\s*$';

/** How a field's value is carried: see DubAsk (dub-ask.ts), which reads and writes it. */
export type FieldKind = 'text' | 'flag' | 'number' | 'seconds' | 'languages' | 'assignments';

/**
 * One dub field, declared once: its rule and the words of its refusal (the schema), the name code
 * calls it by (DubAsk), how its value is carried, and whether it is one of the creator's choices
 * carried as it is into the dub's choices under that name (`choice`).
 */
function field<Code extends string, Kind extends FieldKind, Schema extends TSchema, Choice extends boolean = false>(
  code: Code,
  kind: Kind,
  schema: Schema,
  choice?: Choice,
): { code: Code; kind: Kind; schema: Schema; choice: Choice } {
  return { code, kind, schema, choice: (choice ?? false) as Choice };
}

/**
 * The fields a dub request may carry, each once with its rule, the words of its refusal, its name
 * in code and how it is carried. The spec's endpoints and the jobs API take them as form fields
 * (strings), the link flow as JSON. A new field is declared here, joins its forms in dub-forms.ts,
 * and is read into a DubAsk with nothing else to write.
 */
export const DUB_FIELDS = {
  target_language: field(
    'targetLanguage',
    'text',
    StringEnum([...LANGUAGE_CODES], {
      description: 'The language to dub into (ISO 639-3).',
      'x-missing': 'Please select a target language',
      'x-error': `Unknown target_language {value}. Valid codes: ${CODES}.`,
    }),
  ),
  target_languages: field(
    'targetLanguages',
    'languages',
    Type.String({
      pattern: `^\\s*${ANY_CODE}(\\s*,\\s*${ANY_CODE}){0,10}\\s*$`,
      description:
        'Several languages to dub one upload into, separated by commas (spa,fra,ita; up to all 11), instead of ' +
        'target_language (POST /api/jobs only): one job per language, made together as a group. What is heard ' +
        '(recognition, speakers, separation) is worked out once and shared; each job has its own result, subtitles and lines.',
      'x-error': `target_languages must be language codes separated by commas, such as spa,fra,ita, got {value}. Valid codes: ${CODES}.`,
    }),
  ),
  source_language: field(
    'sourceLanguage',
    'text',
    StringEnum(['auto', ...LANGUAGE_CODES], {
      description:
        'The language spoken (ISO 639-3), or "auto" (the default): detected by an installed Whisper model, English without one.',
      default: 'auto',
      'x-error': `Unknown source_language {value}. Valid codes: ${CODES}.`,
    }),
  ),
  backend: field(
    'backend',
    'text',
    StringEnum([...BACKENDS], {
      description: 'How the dub is made: "cascaded" (recognise, translate, speak), the only one.',
      default: 'cascaded',
      'x-error': `Unknown backend {value}. Valid backends: ${BACKENDS.join(', ')}.`,
    }),
  ),
  subtitles: field(
    'subtitles',
    'text',
    Type.String({
      description:
        'An SRT or WebVTT file (its text, or a file part in a form) used as the source text instead of speech recognition; 2 MB at most.',
      'x-error': 'subtitles must be the text of an SRT or WebVTT file.',
    }),
  ),
  request_id: field(
    'requestId',
    'text',
    Type.String({
      pattern: REQUEST_ID_PATTERN,
      description:
        "The client's id for this request (8-64 letters, digits, '-' or '_'), to follow its stages at /api/requests/{request_id}/events.",
      'x-error': "request_id must be 8 to 64 letters, digits, '-' or '_' (a UUID fits).",
    }),
  ),
  use_voice_cloning: field(
    'useVoiceCloning',
    'flag',
    FormFlag(
      'use_voice_cloning',
      'Preserve Voice (default "true"): each speaker\'s own voice, cloned from their speech where a cloning engine covers the ' +
        'language (else a voice shaped to their pitch, range, timbre and intonation); "false" gives each a plain voice. ' +
        'Clone only voices you have the right to use.',
    ),
  ),
  voice: field(
    'voice',
    'text',
    StringEnum([...VOICE_MODES], {
      description:
        'The voice, more precisely than use_voice_cloning (and instead of it): "clone" (the speakers\' own voices, shaped where ' +
        'no cloning engine covers the language), "shaped" (a synthetic voice shaped to each speaker) or "neutral" (a plain one each).',
      'x-error': `Unknown voice {value}. Valid voices: ${VOICE_MODES.join(', ')}.`,
    }),
  ),
  speakers: field(
    'speakers',
    'number',
    Type.String({
      pattern: `^\\s*([1-9]|1[0-9]|${MAX_SPEAKERS})\\s*$`,
      description: `How many people speak (1-${MAX_SPEAKERS}), when known; found from the audio otherwise.`,
      'x-error': `speakers must be a whole number from 1 to ${MAX_SPEAKERS}, got {value}.`,
    }),
  ),
  tempo_cap: field(
    'tempoCap',
    'number',
    Type.String({
      pattern: '^(1(\\.[0-9]+)?|2(\\.[0-9]+)?|3(\\.0+)?)$',
      description:
        'The highest speed-up a dubbed line may get to fit its time, 1 (never faster than synthesised) to 3; 1.3 by default.',
      'x-error': 'tempo_cap must be a number from 1 to 3, got {value}.',
    }),
  ),
  start: field(
    'start',
    'seconds',
    Type.String({
      pattern: SECONDS_PATTERN,
      description:
        'Dub only from this second of the media on (0 by default); the rest keeps its original audio. Speech that runs ' +
        'across the edge is dubbed from the edge on, with a warning.',
      'x-error': 'start must be a number of seconds, such as 12 or 12.5, got {value}.',
    }),
  ),
  end: field(
    'end',
    'seconds',
    Type.String({
      pattern: SECONDS_PATTERN,
      description: 'Dub only up to this second of the media (its end by default); after it the original audio stays.',
      'x-error': 'end must be a number of seconds, such as 45 or 45.25, got {value}.',
    }),
  ),
  original_speech: field(
    'originalSpeech',
    'text',
    StringEnum([...ORIGINAL_SPEECH_CHOICES], {
      description:
        'Where no voice/background separator is installed: "duck" (default) lowers the original 24 dB across each dubbed ' +
        'line\'s source speech; "remove" silences it there, so no word of the original is heard (its background goes too). ' +
        'With a separator the voice is taken out and the background kept at full level either way.',
      'x-error': `Unknown original_speech {value}. Valid values: ${ORIGINAL_SPEECH_CHOICES.join(', ')}.`,
    }),
  ),
  duck_db: field(
    'duckDb',
    'number',
    Type.String({
      pattern: '^\\s*(([6-9]|[1-3][0-9])(\\.[0-9]{1,2})?|40(\\.0{1,2})?)\\s*$',
      description:
        'How far the original is lowered under each dubbed line where it is ducked (no separator installed, and ' +
        'original_speech "duck"), in dB: 6 (a light duck, the original still clear) to 40 (nearly silent); 24 by default.',
      'x-error': 'duck_db must be a number of decibels from 6 to 40, such as 18, got {value}.',
    }),
    true,
  ),
  apply_lip_sync: field(
    'applyLipSync',
    'flag',
    FormFlag('apply_lip_sync', "Move each speaker's mouth to the dubbed words (video; default false)."),
  ),
  burn_subtitles: field(
    'burnSubtitles',
    'flag',
    FormFlag(
      'burn_subtitles',
      'Render the target subtitles into the picture (video; default false); the selectable track stays.',
    ),
  ),
  bilingual_subtitles: field(
    'bilingualSubtitles',
    'flag',
    FormFlag(
      'bilingual_subtitles',
      'Subtitles in both languages (default false): the source line under the target line, one line each, in the ' +
        "file's subtitle track, the burned-in text and the answer's `subtitles.bilingual`.",
    ),
  ),
  speaker_voices: field(
    'speakerVoices',
    'assignments',
    Type.String({
      maxLength: 2000,
      pattern: `^\\s*${ASSIGNMENT}(\\s*;\\s*${ASSIGNMENT})*\\s*;?\\s*$`,
      description:
        'Saved voices (GET /api/voice-library) for speakers, as S1=NAME;S2=OTHER (a name or an id): those speakers ' +
        'are spoken in them, with the same base voice and pitch as in every dub that uses them. *=NAME gives the ' +
        'voice to every speaker not named on their own (speakers are numbered in the order they first speak).',
      'x-error':
        'speaker_voices must be assignments such as S1=Host;S2=Guest (a speaker id S1-S99 or * for every speaker, "=", a saved voice), got {value}.',
    }),
  ),
  glossary_id: field(
    'glossaryId',
    'text',
    Type.String({
      pattern: '^[0-9a-f]{16}$',
      description:
        'A glossary (POST /api/glossaries) whose terms every line is translated with; a line whose term could not be placed is flagged "glossary".',
      'x-error': 'glossary_id must be the id of a glossary (16 hex digits), got {value}.',
    }),
  ),
  asr_engine: field(
    'asrEngine',
    'text',
    Type.String({ description: 'A recognition engine id (GET /api/engines) instead of the best installed.' }),
  ),
  mt_engine: field(
    'mtEngine',
    'text',
    Type.String({ description: 'A translation engine id instead of the best installed.' }),
  ),
  tts_engine: field(
    'ttsEngine',
    'text',
    Type.String({ description: 'A voice (synthesis) engine id instead of the best installed.' }),
  ),
  clone_engine: field(
    'cloneEngine',
    'text',
    Type.String({ description: 'A voice-cloning engine id instead of the best installed.' }),
  ),
  diarise_engine: field(
    'diariseEngine',
    'text',
    Type.String({ description: 'A who-speaks-when engine id instead of the best installed.' }),
  ),
  url: field(
    'url',
    'text',
    Type.String({
      format: 'uri',
      // http or https, with no user name or password before the host.
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@]+([/?#]|$)',
      description: 'A direct http(s) link to the media (no user name or password in it).',
      'x-missing': 'Please enter a valid http or https URL.',
      'x-error': 'Please enter a valid http or https URL.',
    }),
  ),
};

type Declared = typeof DUB_FIELDS;

/** Each field's schema, by wire name. */
export const DubFields = Object.fromEntries(
  Object.entries(DUB_FIELDS).map(([name, declared]) => [name, declared.schema]),
) as { [Name in keyof Declared]: Declared[Name]['schema'] };

export type DubField = keyof typeof DubFields;
