import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '@voxlate/contract';
import { suspectValues, validValue, type Schema, type SchemaObject } from './test/schema-arbitraries.js';
import { startService, type RunningService } from './test/service-process.js';

/**
 * Requests made from the published OpenAPI document, for every route: a request the document
 * allows is never answered 5xx nor refused as malformed (400) unless for a rule a schema cannot
 * say (listed below, each with why); a request with one field broken is refused 400 in words that
 * name the field. Answers are checked against the contract by the service itself
 * (VOXLATE_CHECK_ANSWERS: an answer it does not describe is a 500).
 */

/** Refusals of well-formed requests for what a schema cannot say: the content of a field, another resource. */
const SEMANTIC_REFUSALS: RegExp[] = [
  // The text of subtitles must parse as SRT or WebVTT, and they need their language named.
  /^subtitles must be the text of an SRT or WebVTT file/,
  /^The subtitle file /,
  /^Name the source language \(source_language\) when subtitles are given/,
  // A glossary's CSV must parse, its header naming languages.
  /^The glossary(’s|'s| is not valid CSV)/,
  // A term's respelling is for a language the term has a form in (two fields compared).
  /^Glossary term \d+ \(.*\) says how it is spoken in \w+ \(say:\w+\) but gives it no/s,
  // Two fields compared, or a field and the media: a dub needs two languages, a part of a file
  // starts before it ends and before the media does.
  /^The source\b.* and target language \(target_language\) are both /,
  /^end \(.*\) must be after start /,
  /^start \(.*\) is at or after the end of the media /,
  /names (\w+|\*) twice\.$/,
  // What this machine has installed: engines and language pairs differ from one to the next.
  /^No installed engine /,
  // Another resource named: a glossary, or a saved voice, that is not there.
  /^Unknown glossary_id /,
  /^speaker_voices: There is no saved voice /,
  /^Unknown (recognition|translation|synthesis|speakers) engine /,
  /^There is no voice ".*" for \w+ here: its voices are /s,
  // A voice file's speech must be a PCM WAV file, which its base64 cannot show.
  /^"speech.wav_base64" is not a PCM WAV file/,
];

interface Operation {
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: SchemaObject }[];
  requestBody?: { content: Record<string, { schema: SchemaObject }>; 'x-max-bytes'?: number };
}

interface Sent {
  /** The route's operationId (not the route itself: fast-check prints a failing request whole). */
  operation: string;
  method: string;
  path: string;
  query: Record<string, string>;
  body?: { json: unknown } | { form: Record<string, string> };
  broken?: string;
}

let service: RunningService;
let operations: Map<string, Operation>;
let dir: string;
let media: { audio: Buffer; video: Buffer };
/** Where every generated link points instead (a test sends nothing beyond loopback): the silence. */
let linkServer: Server;
let linkBase: string;
const ajv = new Ajv2020({ strict: false, allErrors: false });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'voxlate-conformance-'));
  // Real media, a second long: silence, so a valid dub request ends quickly (no speech: 422).
  const audio = join(dir, 'silence.wav');
  const video = join(dir, 'black.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '1', audio]);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=64x64:r=10', '-f', 'lavfi', '-i', 'anullsrc=r=16000'],
    ...['-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', video],
  ]);
  media = { audio: readFileSync(audio), video: readFileSync(video) };
  linkServer = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'audio/wav' }).end(media.audio),
  );
  await new Promise<void>((resolve) => linkServer.listen(0, '127.0.0.1', resolve));
  linkBase = `http://127.0.0.1:${(linkServer.address() as AddressInfo).port}`;
  service = await startService({
    VOXLATE_MAX_JOBS_PER_CLIENT: '1000',
    VOXLATE_MAX_QUEUED_PER_CLIENT: '1000',
    VOXLATE_ALLOW_PRIVATE_URLS: '1',
  });
  const document = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = new Map(
    ROUTES.map((route) => [
      route.operationId,
      document.paths[route.path.replace(/:([A-Za-z]+)/g, '{$1}')]![route.method.toLowerCase()]!,
    ]),
  );
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await new Promise((resolve) => linkServer?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const TESTED = ROUTES;

describe('every route, against requests made from the published document', () => {
  it.each(TESTED.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: a valid request is served or refused for its content, never as malformed nor 5xx',
    async (_name, route) => {
      const runs = route.body && 'form' in route.body ? 6 : 10;
      await fc.assert(
        fc.asyncProperty(validRequest(route), async (sent) => {
          const answer = await send(sent);
          expect(answer.status, describe_(sent, answer)).toBeLessThan(500);
          // A body over the route's declared bytes (x-max-bytes) is refused whatever its fields.
          if (answer.status === 413 && overMaxBytes(sent)) return;
          expect(answer.status, describe_(sent, answer)).not.toBe(413);
          if (answer.status === 400) {
            expect(
              SEMANTIC_REFUSALS.some((rule) => rule.test(answer.error)),
              describe_(sent, answer),
            ).toBe(true);
          }
        }),
        { numRuns: runs, endOnFailure: true },
      );
    },
    120_000,
  );

  const breakable = TESTED.filter((route) => route.query ?? route.params ?? route.body);
  it.each(breakable.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: a request with one field broken is refused 400, naming the field',
    async (_name, route) => {
      const broken = brokenRequests(route);
      if (broken === undefined) return;
      await fc.assert(
        fc.asyncProperty(broken, async (sent) => {
          const answer = await send(sent);
          if (answer.status === 413 && overMaxBytes(sent)) return;
          expect(answer.status, describe_(sent, answer)).toBe(400);
          expect(namesField(route, sent.broken!, answer.error), describe_(sent, answer)).toBe(true);
        }),
        { numRuns: 12, endOnFailure: true },
      );
    },
    120_000,
  );
});

function describe_(sent: Sent, answer: { status: number; error: string }): string {
  const request = `${sent.method} ${sent.path}?${new URLSearchParams(sent.query).toString()} ${JSON.stringify(sent.body)}`;
  return `${answer.status} ${answer.error} <- ${request.slice(0, 600)}`;
}

/** A request the document allows: path and query parameters and a body from their schemas. */
function validRequest(route: Route): fc.Arbitrary<Sent> {
  const operation = operations.get(route.operationId)!;
  const parameters = operation.parameters ?? [];
  const path = fc.record(
    // A blank one counts as not sent, and '.' or '..' is resolved away by any URL client.
    Object.fromEntries(
      parameters
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, validText(p.schema).filter((value) => value.trim() !== '' && !/^\.\.?$/.test(value))]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, validText(p.schema)])),
    { requiredKeys: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name) },
  );
  return fc.record({ path, query, body: validBody(operation) }).map(({ path: values, query: asked, body }) => ({
    operation: route.operationId,
    method: route.method,
    path: fillPath(route.path, values as Record<string, string>),
    query: asked,
    ...(body === undefined ? {} : { body }),
  }));
}

function validBody(operation: Operation): fc.Arbitrary<Sent['body']> {
  const content = operation.requestBody?.content;
  if (!content) return fc.constant(undefined);
  const json = content['application/json'];
  if (json) return validValue(json.schema).map((value) => ({ json: value }));
  const form = content['multipart/form-data']!.schema;
  const fields = formFields(form);
  return validValue(fields).map((value) => ({ form: asTexts(value as Record<string, unknown>) }));
}

/** A form's text fields as an object schema (its file parts are sent from real media). */
function formFields(form: SchemaObject): SchemaObject {
  const properties = Object.fromEntries(
    Object.entries(form.properties ?? {}).filter(([, schema]) => !isFilePart(schema)),
  );
  return { ...form, properties, required: (form.required ?? []).filter((name) => name in properties) };
}

function isFilePart(schema: Schema): boolean {
  return typeof schema === 'object' && (schema as { contentMediaType?: string }).contentMediaType !== undefined;
}

/**
 * Requests with every field right but one: a suspect value the document's schema refuses (an
 * independent validator, Ajv, says which are), a required field left out, or a field it does not know.
 */
/**
 * An empty or blank value (or JSON null) counts as not sent (the document says so): for an
 * optional field it is not a broken one.
 */
function readAsAbsent(value: unknown, name: string): boolean {
  if (value === null) return true;
  return typeof value === 'string' && value.trim() === '' && name !== 'source_text' && name !== 'target_text';
}

function brokenRequests(route: Route): fc.Arbitrary<Sent> | undefined {
  const operation = operations.get(route.operationId)!;
  const candidates: fc.Arbitrary<Sent>[] = [];
  for (const parameter of operation.parameters ?? []) {
    const wrong = suspectValues(parameter.schema, true).filter(
      (value) => !ajv.validate(parameter.schema, value) && (parameter.required || !readAsAbsent(value, parameter.name)),
    );
    if (wrong.length === 0) continue;
    candidates.push(
      fc.tuple(validRequest(route), fc.constantFrom(...wrong)).map(([sent, value]) => {
        if (parameter.in === 'query')
          return { ...sent, query: { ...sent.query, [parameter.name]: String(value) }, broken: parameter.name };
        const values = pathValues(route.path, sent.path);
        return {
          ...sent,
          path: fillPath(route.path, { ...values, [parameter.name]: String(value) }),
          broken: parameter.name,
        };
      }),
    );
  }
  const content = operation.requestBody?.content;
  const bodySchema =
    content?.['application/json']?.schema ?? (content ? formFields(content['multipart/form-data']!.schema) : undefined);
  const asText = content?.['application/json'] === undefined;
  for (const [name, schema] of Object.entries(bodySchema?.properties ?? {})) {
    if (typeof schema === 'boolean') continue;
    const required = bodySchema?.required?.includes(name) ?? false;
    const wrong = suspectValues(schema, asText).filter(
      (value) => !ajv.validate(schema, value) && (required || !readAsAbsent(value, name)),
    );
    if (wrong.length === 0) continue;
    candidates.push(
      fc.tuple(validRequest(route), fc.constantFrom(...wrong)).map(([sent, value]) => withField(sent, name, value)),
    );
  }
  for (const name of bodySchema?.required ?? []) {
    candidates.push(validRequest(route).map((sent) => withField(sent, name, undefined)));
  }
  return candidates.length === 0 ? undefined : fc.oneof(...candidates);
}

function withField(sent: Sent, name: string, value: unknown): Sent {
  const body = sent.body!;
  if ('json' in body) {
    const { [name]: _old, ...rest } = (body.json ?? {}) as Record<string, unknown>;
    return { ...sent, body: { json: value === undefined ? rest : { ...rest, [name]: value } }, broken: name };
  }
  const { [name]: _old, ...rest } = body.form;
  return { ...sent, body: { form: value === undefined ? rest : { ...rest, [name]: asText(value) } }, broken: name };
}

/** The refusal names the field, or says it in the words the contract gives that field. */
function namesField(route: Route, field: string, error: string): boolean {
  if (error.includes(field)) return true;
  const body = route.body && ('json' in route.body ? route.body.json : route.body.form.fields);
  const objects = [body, route.query, route.params] as unknown as (SchemaObject | undefined)[];
  const schema = objects.map((object) => object?.properties?.[field]).find((found) => found !== undefined) as
    SchemaObject | undefined;
  const words = [schema?.['x-missing'], schema?.['x-error']]
    .filter((text): text is string => text !== undefined)
    .map((text) => text.split('{')[0]!.trim());
  return words.some((start) => start !== '' && error.startsWith(start));
}

function validText(schema: SchemaObject): fc.Arbitrary<string> {
  return validValue(schema).map(asText);
}

/** A value as a form or a query carries it. */
function asText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function asTexts(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, asText(field)]));
}

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_all, name: string) => encodeURIComponent(values[name] ?? ''));
}

function pathValues(template: string, path: string): Record<string, string> {
  const names = [...template.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const pattern = new RegExp(`^${template.replace(/:([A-Za-z]+)/g, '([^/]*)')}$`);
  const found = pattern.exec(path)?.slice(1) ?? [];
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i] ?? '')]));
}

/** Sends it; an event stream is left once its status is known (it would not end). */
async function send(generated: Sent): Promise<{ status: number; error: string }> {
  const sent = toLoopback(generated);
  const query = new URLSearchParams(sent.query).toString();
  const url = `${service.url}${sent.path}${query ? `?${query}` : ''}`;
  const init: RequestInit = { method: sent.method };
  if (sent.body && 'json' in sent.body) {
    init.body = JSON.stringify(sent.body.json);
    init.headers = { 'content-type': 'application/json' };
  } else if (sent.body) {
    const form = new FormData();
    for (const [name, value] of Object.entries(sent.body.form)) form.append(name, value);
    const filePart = Object.keys(
      operations.get(sent.operation)!.requestBody!.content['multipart/form-data']!.schema.properties ?? {},
    ).find((name) => name === 'file' || name === 'video');
    if (filePart && !('url' in sent.body.form)) {
      const video = filePart === 'video';
      form.append(filePart, new Blob([video ? media.video : media.audio]), video ? 'black.mp4' : 'silence.wav');
    }
    init.body = form;
  }
  const response = await fetch(url, init);
  if (response.headers.get('content-type')?.includes('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, error: '' };
  }
  const text = await response.text();
  let error = '';
  try {
    const refusal = (JSON.parse(text) as { error?: unknown }).error;
    error = typeof refusal === 'string' ? refusal : '';
  } catch {
    // Not JSON (a file, a page): no refusal words.
  }
  return { status: response.status, error };
}

/** A valid link keeps its path and query but points at the test's own server. */
function toLoopback(sent: Sent): Sent {
  const body = sent.body;
  if (!body || sent.broken === 'url') return sent;
  const fields = ('json' in body ? body.json : body.form) as Record<string, unknown> | null;
  const link = fields?.['url'];
  if (typeof link !== 'string' || !URL.canParse(link)) return sent;
  const { pathname, search } = new URL(link);
  const url = `${linkBase}${pathname}${search}`;
  return { ...sent, body: 'json' in body ? { json: { ...fields, url } } : { form: { ...body.form, url } } };
}

function overMaxBytes(sent: Sent): boolean {
  const most = operations.get(sent.operation)!.requestBody?.['x-max-bytes'];
  return (
    most !== undefined &&
    sent.body !== undefined &&
    'json' in sent.body &&
    Buffer.byteLength(JSON.stringify(sent.body.json)) > most
  );
}
