import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { quoteInput } from './quote-input.js';
import type { Messages } from './schema-kit.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

type Validator = ReturnType<typeof Compile>;
const compiled = new WeakMap<TSchema, Validator>();

function validatorOf(schema: TSchema): Validator {
  let validator = compiled.get(schema);
  if (!validator) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  return validator;
}

/**
 * Checks a value against its schema. A refusal says, in the words the schema declares for the
 * field (`x-error`, `x-missing`, `x-unknown`), what was wrong and what is accepted.
 */
export function check<T extends TSchema>(schema: T, value: unknown): Checked<Static<T>> {
  const validator = validatorOf(schema);
  if (validator.Check(value)) return { ok: true, value: value as Static<T> };
  return { ok: false, message: refusal(schema, value, validator.Errors(value)) };
}

interface SchemaError {
  keyword: string;
  /** Where in the schema the broken rule is: `#` the object's own, `#/oneOf/1` inside a branch. */
  schemaPath?: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

type AnnotatedObject = TSchema & Messages & { properties?: Record<string, TSchema & Messages> };

/**
 * The message for the first thing wrong, in the order the fields are declared. Rules that bind
 * fields together (`oneOf`, `anyOf`, `not`, `dependentRequired` on the object) come after the
 * fields' own, in the object's `x-errors` words: the errors inside their branches (a branch's
 * `required`) are what the combination means, not fields missing.
 */
export function refusal(schema: TSchema, value: unknown, allErrors: readonly SchemaError[]): string {
  const object = schema as AnnotatedObject;
  const errors = allErrors.filter((error) => !insideCombination(error));
  const missing = errors.find((error) => error.keyword === 'required' && error.instancePath === '');
  const order = Object.keys(object.properties ?? {});
  const firstByField = errors
    .filter((error) => /^\/[^/]+/.test(error.instancePath))
    .sort((a, b) => order.indexOf(fieldOf(a)) - order.indexOf(fieldOf(b)))[0];
  if (missing && (!firstByField || order.indexOf(missingField(missing)) < order.indexOf(fieldOf(firstByField)))) {
    const field = missingField(missing);
    return fill(object.properties?.[field]?.['x-missing'] ?? `"{field}" is required.`, field, undefined);
  }
  if (firstByField) {
    const field = fieldOf(firstByField);
    const given = (value as Record<string, unknown> | null)?.[field];
    const rule = object.properties?.[field]?.['x-error'];
    return fill(rule ?? `"{field}" ${firstByField.message}, got {value}.`, field, given);
  }
  const unknown = errors.find((error) => error.keyword === 'additionalProperties');
  if (unknown) {
    const field = firstName(unknown.params['additionalProperties']);
    return fill(object['x-unknown'] ?? 'Unknown field {field}.', quoteInput(field, 40), undefined);
  }
  const combined = errors.find((error) => COMBINATIONS.has(error.keyword) && error.instancePath === '');
  const first = combined ?? errors[0];
  const rule = (first && object['x-errors']?.[first.keyword]) ?? object['x-error'];
  return fill(rule ?? `The request is not valid: ${first?.message ?? 'unknown error'}.`, '', value);
}

/** Rules of an object that bind its fields together. */
const COMBINATIONS = new Set(['oneOf', 'anyOf', 'not', 'dependentRequired']);

/** An error from inside a combination's branch (`#/oneOf/0`), told by the combination itself. */
function insideCombination(error: SchemaError): boolean {
  return /^#\/(oneOf|anyOf|not)(\/|$)/.test(error.schemaPath ?? '');
}

function fieldOf(error: SchemaError): string {
  return error.instancePath.split('/')[1] ?? '';
}

function missingField(error: SchemaError): string {
  return firstName(error.params['requiredProperties']);
}

/** The first of the field names a schema error lists. */
function firstName(names: unknown): string {
  const first: unknown = Array.isArray(names) ? names[0] : undefined;
  return typeof first === 'string' ? first : '';
}

function fill(template: string, field: string, value: unknown): string {
  return template.replaceAll('{field}', field).replaceAll('{value}', quoteInput(shown(value)));
}

/** A value as the refusal quotes it; one nested too deeply to write out (50 000 arrays) is named, not thrown on. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Array.isArray(value) ? '(an array nested too deeply to show)' : '(a value nested too deeply to show)';
  }
}

/** Fields whose text is kept exactly as sent (never trimmed). */
const VERBATIM = new Set(['subtitles', 'source_text', 'target_text']);
/** Fields where an empty text is a value (a line's text cleared), not a field left out. */
const EMPTY_IS_A_VALUE = new Set(['source_text', 'target_text']);

/**
 * Field values as the service reads them: text trimmed, and an empty field counted as not sent
 * (a browser's FormData sends empty fields). Subtitles and line texts are kept as they are.
 * Anything but a plain object is returned as it is (the schema then refuses it).
 */
export function normaliseFields(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [name, given] of Object.entries(value as Record<string, unknown>)) {
    const read = typeof given === 'string' && !VERBATIM.has(name) ? given.trim() : given;
    const absent = read === undefined || read === null || (read === '' && !EMPTY_IS_A_VALUE.has(name));
    if (!absent) kept[name] = read;
  }
  return kept;
}

/**
 * Where a value breaks its schema, for a developer: each broken rule's path and what it says
 * (the first `max`). Empty when the value fits.
 */
export function mismatches(schema: TSchema, value: unknown, max = 5): string[] {
  const validator = validatorOf(schema);
  if (validator.Check(value)) return [];
  return validator
    .Errors(value)
    .slice(0, max)
    .map((error) => `${error.instancePath || '/'} ${error.message}${paramsOf(error.params)}`);
}

function paramsOf(params: Record<string, unknown>): string {
  const shown = JSON.stringify(params);
  return shown === '{}' ? '' : ` ${shown}`;
}
