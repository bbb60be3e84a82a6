import fc from 'fast-check';

/** A JSON schema as the contract writes them (TypeBox), or `true`/`false` inside a `oneOf` branch. */
export type Schema = boolean | SchemaObject;
export interface SchemaObject {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  maxItems?: number;
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema;
  minProperties?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  'x-missing'?: string;
  'x-error'?: string;
  'x-unknown'?: string;
}

/**
 * Values a schema accepts, for the keywords the contract uses. Generated strings stay short (a
 * conformance test sends hundreds of requests) but reach every declared limit now and then.
 */
export function validValue(schema: Schema): fc.Arbitrary<unknown> {
  if (schema === true) return fc.anything();
  if (schema === false) throw new Error('no value is valid against `false`');
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? true), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
      return validObject(schema);
    default:
      throw new Error(`no generator for the schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

function validString(schema: SchemaObject): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 60;
  const fits = (text: string): boolean => [...text].length >= min && [...text].length <= max;
  if (schema.format === 'uri') return fc.webUrl({ validSchemes: ['http', 'https'] }).filter(fits);
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter(fits);
  const longest = Math.min(max, 40);
  const ordinary = fc.string({ unit: 'grapheme', minLength: Math.min(min, longest), maxLength: longest });
  // The declared longest now and then: a limit is where a server's own checks disagree.
  const atLimit = schema.maxLength !== undefined ? [fc.constant('é'.repeat(schema.maxLength))] : [];
  return fc.oneof(ordinary, ...atLimit).filter(fits);
}

/** An object: its required fields always, optional ones or not, one `oneOf` branch taken. */
function validObject(schema: SchemaObject): fc.Arbitrary<unknown> {
  if (schema.allOf) {
    // Each entry is a choice (a `oneOf`): one branch of each, all taken together.
    const { allOf, ...rest } = schema;
    const choices = allOf.map((entry) => fc.constantFrom(...((entry as SchemaObject).oneOf ?? [entry])));
    return fc.tuple(...choices).chain((branches) => validObject(branches.reduce(withBranch, rest)));
  }
  if (schema.oneOf) {
    return fc.oneof(...schema.oneOf.map((branch) => validObject(withBranch(schema, branch))));
  }
  const properties = Object.entries(schema.properties ?? {}).filter(([, property]) => property !== false);
  const model = Object.fromEntries(properties.map(([name, property]) => [name, validValue(property)]));
  const some = fc.record(model, {
    requiredKeys: (schema.required ?? []).filter((name) => properties.some(([known]) => known === name)),
  });
  // Every field given is a case of its own (a server counting parts has refused it), not left to chance.
  const record = fc.oneof(some, fc.record(model));
  const patterned = Object.entries(schema.patternProperties ?? {});
  const withPatterned =
    patterned.length === 0
      ? record
      : fc
          .tuple(
            record,
            ...patterned.map(([pattern, value]) =>
              fc.dictionary(fc.stringMatching(new RegExp(pattern, 'u')), validValue(value), { maxKeys: 3 }),
            ),
          )
          .map(([own, ...extra]) => Object.assign({}, ...extra, own) as Record<string, unknown>);
  const least = schema.minProperties ?? 0;
  return withPatterned.filter((value) => Object.keys(value).length >= least);
}

/** The object as one branch of its `oneOf` has it: the branch's requirements, its `false` fields gone. */
function withBranch(schema: SchemaObject, branch: Schema): SchemaObject {
  const { oneOf: _taken, ...rest } = schema;
  if (typeof branch === 'boolean') return rest;
  const properties = { ...rest.properties };
  for (const [name, rule] of Object.entries(branch.properties ?? {})) if (rule === false) delete properties[name];
  return { ...rest, properties, required: [...new Set([...(rest.required ?? []), ...(branch.required ?? [])])] };
}

/**
 * Values that may break a field's rules, to be tried one field at a time: of the wrong type, out of
 * range, too long, not matching. Which of them really are invalid is for a validator to say.
 */
export function suspectValues(schema: SchemaObject, asText: boolean): unknown[] {
  const tooLong = schema.maxLength !== undefined ? ['x'.repeat(schema.maxLength + 1)] : [];
  const outOfRange = [
    ...(schema.minimum !== undefined ? [schema.minimum - 1] : []),
    ...(schema.maximum !== undefined ? [schema.maximum + 1] : []),
  ];
  const values: unknown[] = ['zz-not-a-value', '', ' ', '1.5', '-1', 'true', 'S0', ...tooLong, ...outOfRange];
  if (asText) return values.map(String);
  return [...values, 1.5, -1, 0, true, null, [], {}, { nested: 1 }];
}
