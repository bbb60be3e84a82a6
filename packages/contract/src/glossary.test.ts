import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { check } from './check.js';
import { GlossaryBody } from './glossary.js';
import { openApiDocument } from './openapi.js';

const CSV = 'eng,spa\nchannel,canal\n';
const TERMS = [{ source: 'channel', targets: { spa: 'canal' } }];
const ONE_WAY = 'Give the terms as "csv", or as "terms" with their "source_language": one of the two, not both.';

const bodies = {
  csv: { name: 'Cooking', csv: CSV },
  list: { name: 'Cooking', source_language: 'eng', terms: TERMS },
  both: { name: 'Cooking', csv: CSV, source_language: 'eng', terms: TERMS },
  csvAndLanguage: { name: 'Cooking', csv: CSV, source_language: 'eng' },
  csvAndTerms: { name: 'Cooking', csv: CSV, terms: TERMS },
  termsAlone: { name: 'Cooking', terms: TERMS },
  neither: { name: 'Cooking' },
};

describe('a glossary body', () => {
  it('takes its terms one way: as CSV, or as a list with its source language', () => {
    expect(check(GlossaryBody, bodies.csv).ok).toBe(true);
    expect(check(GlossaryBody, bodies.list).ok).toBe(true);
    for (const body of [bodies.both, bodies.csvAndLanguage, bodies.csvAndTerms, bodies.termsAlone, bodies.neither]) {
      expect(check(GlossaryBody, body)).toEqual({ ok: false, message: ONE_WAY });
    }
  });

  it('names a field’s own fault before the combination’s', () => {
    expect(check(GlossaryBody, { csv: CSV, terms: TERMS })).toEqual({ ok: false, message: '"name" is required.' });
    const badLanguage = check(GlossaryBody, { name: 'x', source_language: 'xxx', terms: TERMS });
    expect(badLanguage.ok ? '' : badLanguage.message).toMatch(/^Unknown source_language "xxx"/);
  });

  it('is refused by the served document when it has both, as a client generated from it would know', () => {
    const document = openApiDocument('0.0.0-test') as { paths: Record<string, Record<string, unknown>> };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(document, 'openapi');
    const pointer = '/paths/~1api~1glossaries/post/requestBody/content/application~1json/schema';
    const valid = ajv.compile({ $ref: `openapi#${pointer}` });
    expect(valid(bodies.csv)).toBe(true);
    expect(valid(bodies.list)).toBe(true);
    expect(valid(bodies.both)).toBe(false);
    expect(valid(bodies.neither)).toBe(false);
  });
});
