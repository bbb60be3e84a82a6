import type { Static } from 'typebox';
import type { Checked } from './check.js';
import { DUB_FIELDS, type DubFields, type DubField, type FieldKind } from './dub-fields.js';
import type { FormBody } from './dub-forms.js';
import type { LanguageCode } from './languages.js';

/**
 * A dub request's fields under the names both ends use in code, each with its wire name and how
 * its value is carried (text as it is, a flag as "true"/"false", a number as its decimal text,
 * seconds as typed or as a number, several languages as codes separated by commas, speakers' saved
 * voices as S1=NAME;S2=OTHER). Made from the fields' one declaration (DUB_FIELDS): the studio
 * writes a request from a DubAsk, the service reads a checked request into one, and neither
 * spells a wire name.
 */
export const DUB_ASK_FIELDS = Object.fromEntries(
  Object.entries(DUB_FIELDS).map(([field, declared]) => [declared.code, { field, kind: declared.kind }]),
) as { -readonly [Field in DubField as Declared[Field]['code']]: { field: Field; kind: Declared[Field]['kind'] } };

/** The code names of the fields that are choices carried as they are into the dub's choices. */
export type CarriedChoiceName = {
  [Field in DubField]: Declared[Field]['choice'] extends true ? Declared[Field]['code'] : never;
}[DubField];

/** Those fields' code names, at run time. */
export const CARRIED_CHOICES: readonly CarriedChoiceName[] = Object.values(DUB_FIELDS).flatMap((declared) =>
  declared.choice ? [declared.code as CarriedChoiceName] : [],
);

type Declared = typeof DUB_FIELDS;
type AskFields = typeof DUB_ASK_FIELDS;
export type DubAskName = keyof AskFields;

type ValueOf<Entry> = Entry extends { kind: 'flag' }
  ? boolean
  : Entry extends { kind: 'number' }
    ? number
    : Entry extends { kind: 'seconds' }
      ? string | number
      : Entry extends { kind: 'languages' }
        ? LanguageCode[]
        : Entry extends { kind: 'assignments' }
          ? Record<string, string>
          : Entry extends { field: infer Field extends DubField }
            ? Static<(typeof DubFields)[Field]>
            : never;

/** What a dub request asks, typed from the contract's fields; anything left out is not sent. */
export type DubAsk = { -readonly [Name in DubAskName]?: ValueOf<AskFields[Name]> };

/** A checked request's targets: always one language first; several only where the endpoint takes them. */
export type DubAskRead = DubAsk & { targetLanguage: LanguageCode };

const ENTRIES = Object.entries(DUB_ASK_FIELDS) as [DubAskName, { field: DubField; kind: FieldKind }][];

/** The request's fields as text, by wire name (what a form carries, and what the link flow's JSON carries). */
export function dubFieldsOf(ask: DubAsk): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, { field, kind }] of ENTRIES) {
    const value = ask[name];
    if (value === undefined) continue;
    fields[field] = textOf(kind, value);
  }
  return fields;
}

function textOf(kind: FieldKind, value: unknown): string {
  if (kind === 'languages') return (value as string[]).join(',');
  if (kind === 'assignments') {
    return Object.entries(value as Record<string, string>)
      .map(([speaker, name]) => `${speaker}=${name}`)
      .join(';');
  }
  return String(value);
}

/**
 * A dub form as the endpoint takes it: the media under the form's own part name (`file` or
 * `video`), the subtitles as a file part when given as a file, and the asked fields.
 */
export function dubFormData(form: FormBody, ask: DubAsk, parts: { media?: Blob; subtitles?: Blob } = {}): FormData {
  const body = new FormData();
  if (parts.media) body.append(form.mediaPart, parts.media);
  if (parts.subtitles) body.append(DUB_ASK_FIELDS.subtitles.field, parts.subtitles);
  for (const [field, value] of Object.entries(dubFieldsOf(ask))) body.append(field, value);
  return body;
}

/**
 * A JSON body's numbers and flags, in the fields that carry one, as the text a form would send
 * (`3` as "3"): the link flow takes both, and one schema checks both.
 */
export function jsonScalarsAsText(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => {
      const scalar = (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';
      return [field, scalar && SCALAR_FIELDS.has(field) ? String(value) : value];
    }),
  );
}

const SCALAR_FIELDS: ReadonlySet<string> = new Set(
  ENTRIES.filter(([, { kind }]) => kind !== 'text' && kind !== 'languages' && kind !== 'assignments').map(
    ([, { field }]) => field,
  ),
);

/**
 * A request the schema has accepted, read under the code's names. Its targets are one language
 * (`target_language`), or several (`target_languages`) where the endpoint makes a job per
 * language: never both, none named twice; an endpoint that answers with one dub refuses several
 * rather than drop them.
 */
export function readDubAsk(fields: Readonly<Record<string, unknown>>, several: boolean): Checked<DubAskRead> {
  const ask: Record<string, unknown> = {};
  for (const [name, { field, kind }] of ENTRIES) {
    const value = fields[field];
    if (value === undefined) continue;
    ask[name] = readValue(kind, value);
  }
  const read = ask as DubAsk;
  const twiceGiven = speakerNamedTwice(fields[DUB_ASK_FIELDS.speakerVoices.field]);
  if (twiceGiven) return { ok: false, message: `speaker_voices names ${twiceGiven} twice.` };
  const { targetLanguage: one, targetLanguages: list } = read;
  if (list === undefined) {
    if (one === undefined) return { ok: false, message: 'Please select a target language' };
    return { ok: true, value: { ...read, targetLanguage: one } };
  }
  if (!several) {
    return {
      ok: false,
      message:
        'This endpoint dubs into one language: send target_language. For several at once, POST /api/jobs takes target_languages.',
    };
  }
  if (one !== undefined) return { ok: false, message: 'Send target_language or target_languages, not both.' };
  const twice = list.find((code, index) => list.indexOf(code) !== index);
  if (twice) return { ok: false, message: `target_languages names ${twice} twice.` };
  const { targetLanguages: _all, ...rest } = read;
  return {
    ok: true,
    value: { ...rest, targetLanguage: list[0]!, ...(list.length > 1 ? { targetLanguages: list } : {}) },
  };
}

/** A speaker given two saved voices, if any (the second would silently win). */
function speakerNamedTwice(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const speakers = assignmentsOf(value).map(([speaker]) => speaker);
  return speakers.find((speaker, index) => speakers.indexOf(speaker) !== index);
}

/** S1=NAME;S2=OTHER as pairs, as the schema's pattern has checked it. */
function assignmentsOf(text: string): [string, string][] {
  return text
    .split(';')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    });
}

function readValue(kind: FieldKind, value: unknown): unknown {
  switch (kind) {
    case 'flag':
      return value === true || value === 'true';
    case 'number':
    case 'seconds':
      return Number(value);
    case 'languages':
      // Known codes only: the schema's pattern has checked them.
      return String(value)
        .split(',')
        .map((code) => code.trim());
    case 'assignments':
      return Object.fromEntries(assignmentsOf(String(value)));
    case 'text':
      return value;
  }
}
