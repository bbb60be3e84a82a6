import Type, { type Static } from 'typebox';
import { LANGUAGE_CODES } from './languages.js';
import { StringEnum } from './schema-kit.js';

const Closed = { additionalProperties: false } as const;
const Language = StringEnum([...LANGUAGE_CODES]);
const CODES = LANGUAGE_CODES.join(', ');

/** A line of the translation memory: a creator's translation of a source line, and when they gave it. */
export const MemoryEntry = Type.Object(
  {
    id: Type.String({ description: 'Its id, to forget it (DELETE /api/memory/{id}).' }),
    source_language: Language,
    target_language: Language,
    source: Type.String(),
    target: Type.String({ description: 'The creator’s translation: later dubs translate the same line so.' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  Closed,
);

export const MemoryList = Type.Object(
  { entries: Type.Array(MemoryEntry), page: Type.Integer(), size: Type.Integer(), total: Type.Integer() },
  Closed,
);

const languageFilter = (field: string) =>
  Type.Optional(
    StringEnum([...LANGUAGE_CODES], {
      description: `Only this ${field.replace('_', ' ')}.`,
      'x-error': `Unknown ${field} {value}. Valid codes: ${CODES}.`,
    }),
  );

/** Which lines: a language pair (or either side), words they contain, a page. */
export const MemoryQuery = Type.Object(
  {
    source_language: languageFilter('source_language'),
    target_language: languageFilter('target_language'),
    q: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Words the source or the translation contain (case and punctuation ignored).',
        'x-error': '"q" must be at most 200 characters.',
      }),
    ),
    page: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,9}$',
        default: '0',
        description: 'Page number, from 0.',
        'x-error': '"page" must be a whole number from 0, got {value}.',
      }),
    ),
    size: Type.Optional(
      Type.String({
        pattern: '^([1-9]|[1-9][0-9]|[1-4][0-9][0-9]|500)$',
        default: '50',
        description: 'Lines a page (1-500).',
        'x-error': '"size" must be a whole number from 1 to 500, got {value}.',
      }),
    ),
  },
  {
    ...Closed,
    'x-unknown': 'Unknown query field {field}: the memory takes source_language, target_language, q, page and size.',
  },
);

/** Which lines to forget: a language pair (or either side), or all. */
export const MemoryClearQuery = Type.Object(
  { source_language: languageFilter('source_language'), target_language: languageFilter('target_language') },
  { ...Closed, 'x-unknown': 'Unknown query field {field}: clearing takes source_language and target_language.' },
);

export const MemoryParams = Type.Object({ id: Type.String({ minLength: 1, description: 'The line’s id.' }) }, Closed);

export const MemoryCleared = Type.Object(
  { forgotten: Type.Integer({ description: 'How many lines were forgotten.' }) },
  Closed,
);

/** What the memory had for a line of a job (JobLine.memory). */
export const LineMemory = Type.Object(
  {
    kind: StringEnum(['exact', 'suggestion'], {
      description:
        "'exact': the line was translated as a creator translated the same line before; 'suggestion': an alike line's translation, shown beside.",
    }),
    source: Type.String({ description: 'The remembered source line.' }),
    target: Type.String({ description: 'Its remembered translation.' }),
    similarity: Type.Number({ minimum: 0, maximum: 1 }),
  },
  Closed,
);

export type MemoryEntry = Static<typeof MemoryEntry>;
export type MemoryList = Static<typeof MemoryList>;
export type LineMemory = Static<typeof LineMemory>;
