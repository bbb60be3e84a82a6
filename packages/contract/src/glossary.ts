import Type, { type Static } from 'typebox';
import { LANGUAGE_CODES } from './languages.js';
import { exactlyOneGroupOf, StringEnum } from './schema-kit.js';

const Closed = { additionalProperties: false } as const;
const CODES = LANGUAGE_CODES.join(', ');
/** A glossary's CSV, at most (2,000 terms of a few words in 11 languages fit well within it). */
export const MAX_GLOSSARY_CSV_BYTES = 1024 * 1024;
export const GLOSSARY_ID_PATTERN = '^[0-9a-f]{16}$';

export const GlossaryTerm = Type.Object(
  {
    source: Type.String({ minLength: 1, maxLength: 200, description: 'The term as written in the source language.' }),
    keep: Type.Optional(Type.Boolean({ description: 'Kept as written in every target (a name, a brand).' })),
    targets: Type.Record(Type.String({ pattern: `^(${LANGUAGE_CODES.join('|')})$` }), Type.String({ maxLength: 200 }), {
      description: 'Its translation, by target language (ISO 639-3).',
    }),
    say_as: Type.Optional(
      Type.Record(
        Type.String({ pattern: `^(${LANGUAGE_CODES.join('|')})$` }),
        Type.String({ minLength: 1, maxLength: 200 }),
        {
          description:
            'How the voice says it, by target language: a respelling in that language ("sequel" for SQL), read by ' +
            'every synthesiser instead of the term (the subtitles keep the term). Only for a language the term is ' +
            'kept in or translated into. In CSV, a column "say:eng".',
        },
      ),
    ),
  },
  Closed,
);

/** A glossary's name and terms, given as CSV or as a list: what making and replacing one both take. */
const glossaryFields = {
  name: Type.String({
    minLength: 1,
    maxLength: 80,
    pattern: '\\S',
    description: 'What to call it (1-80 characters).',
    'x-error': '"name" must be 1 to 80 characters, not only spaces.',
  }),
  csv: Type.Optional(
    Type.String({
      maxLength: MAX_GLOSSARY_CSV_BYTES,
      // Blank is not sent (a field sent empty counts as left out).
      pattern: '\\S',
      'x-error': '"csv" must be the text of a CSV file, not empty.',
      description:
        'The terms as CSV: a header naming the source language first (eng), then an optional "keep" column, then one ' +
        'column per target language (spa, fra, ...), then optional "say:eng" columns (how the term is spoken in a ' +
        'target); a row per term. Instead of source_language and terms.',
    }),
  ),
  source_language: Type.Optional(
    StringEnum([...LANGUAGE_CODES], {
      description: 'The language its terms are written in (with terms).',
      'x-error': `Unknown source_language {value}. Valid codes: ${CODES}.`,
    }),
  ),
  terms: Type.Optional(Type.Array(GlossaryTerm, { maxItems: 2000 })),
};

const glossaryRules = (takes: string) => ({
  additionalProperties: false,
  // The terms come one way: as CSV (whose header names the source language), or as a list
  // with its source language; never both, so that nothing sent is silently ignored.
  ...exactlyOneGroupOf([['csv'], ['source_language', 'terms']]),
  'x-unknown': `Unknown field {field}: a glossary takes ${takes}.`,
  'x-error': `Send a JSON object with ${takes}.`,
  'x-errors': {
    oneOf: 'Give the terms as "csv", or as "terms" with their "source_language": one of the two, not both.',
  },
});

/** A glossary to make: its name and terms. */
export const GlossaryBody = Type.Object(
  glossaryFields,
  glossaryRules('"name", and "csv" or "source_language" with "terms"'),
);

/** A glossary's new name and terms, and the version they were made from. */
export const GlossaryReplaceBody = Type.Object(
  {
    ...glossaryFields,
    updated_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'The updated_at of the glossary this change was made from. When someone else has saved it since, the ' +
          'change is refused with 409 instead of written over theirs. Without it, the last save wins.',
        'x-error': '"updated_at" must be the glossary\'s updated_at as the service gave it, got {value}.',
      }),
    ),
  },
  glossaryRules('"name", "csv" or "source_language" with "terms", and "updated_at"'),
);

export const GlossaryAnswer = Type.Object(
  {
    id: Type.String({ pattern: GLOSSARY_ID_PATTERN, description: 'Give it as glossary_id with a dub.' }),
    name: Type.String(),
    source_language: StringEnum([...LANGUAGE_CODES]),
    terms: Type.Array(GlossaryTerm),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  Closed,
);

export const GlossaryList = Type.Object({ glossaries: Type.Array(GlossaryAnswer) }, Closed);
export const GlossaryParams = Type.Object(
  { id: Type.String({ minLength: 1, description: 'The glossary id.' }) },
  Closed,
);

export type GlossaryBody = Static<typeof GlossaryBody>;
export type GlossaryReplaceBody = Static<typeof GlossaryReplaceBody>;
export type GlossaryAnswer = Static<typeof GlossaryAnswer>;
export type GlossaryList = Static<typeof GlossaryList>;

/** GET a word or line as the voice will say it: in the language's best voice, after the glossary's respellings. */
export const SpeechPreviewQuery = Type.Object(
  {
    language: StringEnum([...LANGUAGE_CODES], {
      description: 'The language to say it in (ISO 639-3).',
      'x-error': `Unknown language {value}. Valid codes: ${CODES}.`,
    }),
    text: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      description: 'A word or a short line (200 characters at most).',
      'x-error': '"text" must be a word or a line of 1 to 200 characters.',
    }),
    glossary_id: Type.Optional(
      Type.String({
        pattern: GLOSSARY_ID_PATTERN,
        description: 'A glossary whose "say as" respellings are applied first, as a dub with it would.',
        'x-error': 'glossary_id must be the id of a glossary (16 hex digits), got {value}.',
      }),
    ),
    voice: Type.Optional(
      Type.String({
        maxLength: 80,
        description: "One of the language's voices (stages.speech.voices in /api/languages).",
      }),
    ),
  },
  {
    additionalProperties: false,
    'x-unknown': 'Unknown parameter {field}: a preview takes language, text, glossary_id and voice.',
  },
);
export type SpeechPreviewQuery = Static<typeof SpeechPreviewQuery>;
