import Type, { type TSchema, type TSchemaOptions } from 'typebox';

/**
 * What a field's refusal says, kept beside the field's schema so that the message a client reads
 * is declared once with the rule it explains. `{value}` stands for the value sent (quoted, cut to
 * 60 characters), `{field}` for the field's name.
 */
export interface Messages {
  /** The field has a value that breaks its rule. */
  'x-error'?: string;
  /** The field is missing (or empty). */
  'x-missing'?: string;
  /** On an object: a field it does not take. */
  'x-unknown'?: string;
  /** On an object: what a rule of the object itself (its type, its size) says, by JSON Schema keyword. */
  'x-errors'?: Record<string, string>;
}

export type FieldOptions = TSchemaOptions & Messages;

/** A string that is one of `values` (a JSON Schema enum of strings). */
export function StringEnum<const Values extends string[]>(values: readonly [...Values], options: FieldOptions = {}) {
  return Type.Enum(values, { type: 'string', ...options });
}

/** `"true"` or `"false"`, as a form sends a checkbox. */
export function FormFlag(field: string, description: string) {
  return StringEnum(['true', 'false'], {
    description,
    'x-error': `${field} must be "true" or "false", got {value}.`,
  });
}

/** A value or null. */
export function Nullable<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  return Type.Union([schema, Type.Null()], options);
}

/** A number in seconds (a time in the media, or a duration). */
export const Seconds = (description: string) => Type.Number({ description });

/**
 * Exactly one of these groups of fields, a group whole: a `oneOf` branch for each, requiring its
 * fields and the other groups' absent (a field under `false` must be absent).
 */
export function exactlyOneGroupOf(groups: readonly (readonly string[])[]): {
  oneOf: { required: string[]; properties: Record<string, false> }[];
} {
  return {
    oneOf: groups.map((group) => ({
      required: [...group],
      properties: Object.fromEntries(
        groups.filter((other) => other !== group).flatMap((other) => other.map((name) => [name, false] as const)),
      ),
    })),
  };
}
