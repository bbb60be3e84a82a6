import Type, { type Static } from 'typebox';
import { JOB_ID_PATTERN, SPEAKER_ID_PATTERN } from './job.js';
import { LANGUAGE_CODES } from './languages.js';
import { StringEnum } from './schema-kit.js';

const Closed = { additionalProperties: false } as const;
export const SAVED_VOICE_ID_PATTERN = '^[0-9a-f]{16}$';
/**
 * A saved voice's name: what the CLI and a dub's speaker_voices call it by, so never ";" or "="
 * (they separate the assignments) and not only spaces.
 */
export const SAVED_VOICE_NAME_PATTERN = '^[^;=\\r\\n]*[^;=\\s][^;=\\r\\n]*$';
/** The export file's format, and the most bytes an import reads (15 s of 48 kHz speech, base64, fits). */
export const SAVED_VOICE_FILE_FORMAT = 'voxlate-voice/1';
export const MAX_SAVED_VOICE_FILE_BYTES = 4 * 1024 * 1024;

const VoiceName = Type.String({
  minLength: 1,
  maxLength: 60,
  pattern: SAVED_VOICE_NAME_PATTERN,
  description: 'What to call it (1-60 characters, no ";" or "="): a dub names it in speaker_voices.',
  'x-error': '"name" must be 1 to 60 characters, not only spaces, without ";" or "=".',
});

const RightsStatement = Type.String({
  minLength: 10,
  maxLength: 500,
  // The service trims what it reads: 10 characters from the first to the last that is not a space
  // ("CRE.p'rHg ", nine and a space, passed minLength here and was refused there).
  pattern: '^\\s*\\S[\\s\\S]{8,}\\S\\s*$',
  description:
    'Why you may use this voice: your own, or the speaker’s consent (10-500 characters). Kept with the voice and ' +
    'written in the provenance manifest of every dub that uses it.',
  'x-error': '"rights_statement" must say, in 10 to 500 characters, why you have the right to use this voice.',
});

/** The measures that make the voice sound like its speaker. */
export const VoiceProfile = Type.Object(
  {
    f0_median_hz: Type.Optional(Type.Number({ minimum: 30, maximum: 1000, description: 'Median pitch, Hz.' })),
    f0_range_semitones: Type.Optional(
      Type.Number({ minimum: 0, maximum: 48, description: 'Pitch range (10th-90th percentile).' }),
    ),
    syllables_per_second: Type.Optional(Type.Number({ minimum: 0, maximum: 20 })),
    pause_seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
    spectrum_db: Type.Optional(
      Type.Array(Type.Number({ minimum: -300, maximum: 300 }), { maxItems: 64, description: 'Timbre: dB per band.' }),
    ),
    spectral_tilt_db_per_octave: Type.Optional(Type.Number({ minimum: -100, maximum: 100 })),
    formants_hz: Type.Optional(
      Type.Array(Type.Number({ minimum: 50, maximum: 8000 }), {
        maxItems: 3,
        description: 'Median F1, F2, F3.',
      }),
    ),
  },
  Closed,
);

const LanguagePattern = `^(${LANGUAGE_CODES.join('|')})$`;
const BaseVoices = Type.Record(
  Type.String({ pattern: LanguagePattern }),
  Type.Object({ engine: Type.String({ maxLength: 80 }), voice: Type.String({ maxLength: 80 }) }, Closed),
  { description: 'The synthesiser voice it is spoken in, per target language it was dubbed into.' },
);

const Rights = Type.Object(
  { statement: Type.String({ maxLength: 500 }), at: Type.String({ format: 'date-time' }) },
  { ...Closed, description: 'The creator’s statement that they may use the voice, and when it was made.' },
);

/** POST a speaker of a finished job to the library. */
export const SaveVoiceBody = Type.Object(
  {
    name: VoiceName,
    job_id: Type.String({
      pattern: JOB_ID_PATTERN,
      description: 'The job the speaker is from (it must have a finished dub).',
      'x-error': '"job_id" must be a job id, got {value}.',
    }),
    speaker: Type.String({
      pattern: SPEAKER_ID_PATTERN,
      description: 'The speaker id in that job (S1, S2, ...).',
      'x-error': '"speaker" must be a speaker id, S1 to S99, got {value}.',
    }),
    rights_statement: RightsStatement,
  },
  {
    additionalProperties: false,
    'x-unknown': 'Unknown field {field}: saving a voice takes "name", "job_id", "speaker" and "rights_statement".',
    'x-error': 'Send a JSON object with "name", "job_id", "speaker" and "rights_statement".',
  },
);

export const RenameSavedVoiceBody = Type.Object(
  { name: VoiceName },
  {
    additionalProperties: false,
    'x-unknown': 'Unknown field {field}: a saved voice takes "name".',
    'x-error': 'Send a JSON object with "name".',
  },
);

export const SavedVoiceAnswer = Type.Object(
  {
    id: Type.String({ pattern: SAVED_VOICE_ID_PATTERN }),
    name: Type.String(),
    profile: VoiceProfile,
    base_voices: BaseVoices,
    speech_seconds: Type.Optional(
      Type.Number({ description: 'Seconds of the speaker’s speech kept with it (what a cloning engine copies).' }),
    ),
    rights: Rights,
    saved_from: Type.Optional(
      Type.Object(
        {
          job_id: Type.String(),
          speaker: Type.String(),
          source_language: StringEnum([...LANGUAGE_CODES]),
        },
        { ...Closed, description: 'The job and speaker it was saved from (absent for an imported voice).' },
      ),
    ),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  Closed,
);

export const SavedVoiceList = Type.Object({ voices: Type.Array(SavedVoiceAnswer) }, Closed);

export const SavedVoiceParams = Type.Object(
  { id: Type.String({ minLength: 1, description: 'The saved voice id.' }) },
  Closed,
);

/** A saved voice as a file a creator keeps (export), and gives back (import). */
export const SavedVoiceFile = Type.Object(
  {
    format: Type.Literal(SAVED_VOICE_FILE_FORMAT, { 'x-error': `"format" must be "${SAVED_VOICE_FILE_FORMAT}".` }),
    name: VoiceName,
    profile: VoiceProfile,
    base_voices: BaseVoices,
    rights: Rights,
    speech: Type.Optional(
      Type.Object(
        {
          seconds: Type.Number({ minimum: 0.1, maximum: 60 }),
          from: StringEnum(['separated voice', 'original']),
          wav_base64: Type.String({
            minLength: 4,
            pattern: '^[A-Za-z0-9+/]+={0,2}$',
            contentEncoding: 'base64',
            description: 'The speech as a WAV file, base64.',
            'x-error': '"speech.wav_base64" must be a WAV file in base64.',
          }),
        },
        Closed,
      ),
    ),
  },
  {
    additionalProperties: false,
    'x-unknown': 'Unknown field {field}: this is not a Voxlate voice file.',
    'x-error': `Send a Voxlate voice file (format "${SAVED_VOICE_FILE_FORMAT}", as GET .../export.json gives it).`,
  },
);

export type SaveVoiceBody = Static<typeof SaveVoiceBody>;
export type RenameSavedVoiceBody = Static<typeof RenameSavedVoiceBody>;
export type SavedVoiceAnswer = Static<typeof SavedVoiceAnswer>;
export type SavedVoiceList = Static<typeof SavedVoiceList>;
export type SavedVoiceFile = Static<typeof SavedVoiceFile>;
export type VoiceProfileFields = Static<typeof VoiceProfile>;
