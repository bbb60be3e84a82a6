import type { TObject, TSchema } from 'typebox';
import { AnswerSegment, DubAnswer, EngineUse, ProvenanceManifest, ReviewFlag } from './dub-answer.js';
import { ErrorAnswer, LanguageSupport } from './info.js';
import { Job, JobLine } from './job.js';
import { LiveAudio, LiveCaption, LiveDone, LiveError, LiveReady } from './live.js';
import { ERROR_STATUS_TEXT, errorStatusesOf, ROUTES, type Answer, type Route, type Tag } from './routes.js';
import { exactlyOneGroupOf } from './schema-kit.js';

/** Schemas shown once under components and referred to wherever they appear. */
const NAMED: ReadonlyArray<[string, TSchema]> = [
  ['Error', ErrorAnswer],
  ['Job', Job],
  ['JobLine', JobLine],
  ['DubAnswer', DubAnswer],
  ['AnswerSegment', AnswerSegment],
  ['ReviewFlag', ReviewFlag],
  ['EngineUse', EngineUse],
  ['ProvenanceManifest', ProvenanceManifest],
  ['LanguageSupport', LanguageSupport],
  ['LiveReady', LiveReady],
  ['LiveCaption', LiveCaption],
  ['LiveAudio', LiveAudio],
  ['LiveError', LiveError],
  ['LiveDone', LiveDone],
];

const TAGS: Readonly<Record<Tag, string>> = {
  Dubbing:
    'The spec’s three endpoints: a file or a link in, the dubbed media out in one answer (or one event stream), ' +
    'with the recognised and translated text, what each line wants checked, and a signed provenance manifest.',
  Projects:
    'Dubbing projects that last: create a job, follow it, download its result, edit its lines and render only what changed.',
  Glossaries: 'Terms translated one way every time, and names kept as they are: give a glossary_id with a dub.',
  Voices:
    'A library of speakers’ voices, saved from one dub to speak the same person the same way in the next: give ' +
    'speaker_voices with a dub, or a speaker a saved voice in the editor.',
  Memory:
    'The translation memory: every line a creator corrects is kept, and later dubs translate the same line as they did.',
  Live: 'Live translation over a WebSocket: captions and dubbed speech while the speaker talks.',
  Access:
    'API keys and workspaces: once the administrator makes a key (npm run keys -- add NAME), every route but the ' +
    'public ones needs one, and each workspace sees only its own jobs, glossaries, memory, voices and live sessions.',
  Service: 'What this installation is and can do.',
};

type Json = Record<string, unknown>;

/** How a request carries its API key (needed once the service has keys). */
const SECURITY_SCHEMES: Json = {
  apiKeyBearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The API key as a bearer token: `Authorization: Bearer vxk_...` (npm run keys -- add NAME).',
  },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The API key in a header of its own.' },
  studioSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'voxlate_key',
    description: 'The studio’s sign-in (POST /api/session): HttpOnly, SameSite=Strict, for the browser session.',
  },
};

/** The OpenAPI 3.1 document of every route in ROUTES, made from their schemas. */
export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of ROUTES) {
    const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voxlate API',
      version,
      description:
        'Dub audio and video into another language, on this machine. Field names are snake_case; every error is ' +
        '`{"error": "..."}` with a message to show as it is. A field, parameter or form part sent empty (or `null` in ' +
        "JSON) counts as not sent, and text values are trimmed, as a browser form sends them (a line's " +
        '`source_text` and `target_text` and `subtitles` are taken as they are). Without API keys the service is open and ' +
        'listens on 127.0.0.1 only (one person on their own machine). Once its administrator makes a key ' +
        '(`npm run keys -- add NAME`), every route not marked public needs one (`Authorization: Bearer <key>`, ' +
        '`X-API-Key`, or the studio’s sign-in cookie) and answers 401 without it; each key opens one workspace, and ' +
        'another workspace’s job, group, glossary, memory entry or voice is a 404.',
      license: {
        name: 'Proprietary (the Voxlate team); the engines, models and data it runs keep their own licences',
        url: '/api/docs',
      },
    },
    // The service that serves this document (http://localhost:5001 unless PORT or HOST say otherwise).
    servers: [{ url: '/', description: 'The Voxlate service that serves this document.' }],
    // Any one of the schemes; routes that need none say so with `security: []`.
    security: Object.keys(SECURITY_SCHEMES).map((scheme) => ({ [scheme]: [] })),
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: Object.fromEntries(NAMED.map(([name, schema]) => [name, withRefs(schema, schema)])),
      responses: Object.fromEntries(
        Object.entries(ERROR_STATUS_TEXT).map(([status, text]) => [
          `Error${status}`,
          { description: text, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
  };
}

function operation(route: Route): Json {
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(parameters(route).length > 0 ? { parameters: parameters(route) } : {}),
    ...(route.body ? { requestBody: requestBody(route.body) } : {}),
    ...(route.public ? { security: [] } : {}),
    responses: {
      ...Object.fromEntries(Object.entries(route.answers).map(([status, answer]) => [status, response(answer)])),
      ...Object.fromEntries(
        errorStatusesOf(route).map((status) => [String(status), { $ref: `#/components/responses/Error${status}` }]),
      ),
    },
  };
}

function parameters(route: Route): Json[] {
  const of = (schema: TObject | undefined, where: 'path' | 'query'): Json[] =>
    Object.entries(schema?.properties ?? {}).map(([name, property]) => {
      const { description, ...rest } = clean(property) as Json;
      return {
        name,
        in: where,
        required: where === 'path' || ((schema?.required ?? []) as string[]).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      };
    });
  return [...of(route.params, 'path'), ...of(route.query, 'query')];
}

function requestBody(body: NonNullable<Route['body']>): Json {
  if ('json' in body) {
    return {
      required: true,
      description: `At most ${body.maxBytes / 1024} KB (a larger body is refused with 413).`,
      content: { 'application/json': { schema: withRefs(body.json) } },
      'x-max-bytes': body.maxBytes,
    };
  }
  const { fields, files } = body.form;
  const fileProperties = Object.fromEntries(
    Object.entries(files).map(([name, part]) => [
      name,
      { type: 'string', contentMediaType: 'application/octet-stream', description: part.description },
    ]),
  );
  const required = [
    ...Object.entries(files)
      .filter(([, part]) => part.required)
      .map(([name]) => name),
    ...(fields.required ?? []),
  ];
  return {
    required: true,
    description: body.form.expected,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required,
          properties: { ...fileProperties, ...(withRefs(fields) as { properties: Json }).properties },
          ...(body.form.oneOfEach
            ? { allOf: body.form.oneOfEach.map((names) => exactlyOneGroupOf(names.map((name) => [name]))) }
            : {}),
        },
      },
    },
  };
}

function response(answer: Answer): Json {
  const { description } = answer;
  if ('json' in answer) return { description, content: { 'application/json': { schema: withRefs(answer.json) } } };
  if ('events' in answer) {
    const names = Object.keys(answer.events).join(', ');
    const schemas = Object.values(answer.events).map((schema) => withRefs(schema));
    return {
      description: `${description} Server-sent events (${names}); each event's \`data\` is one of these JSON objects.`,
      content: {
        'text/event-stream': {
          schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas },
        },
      },
    };
  }
  if ('file' in answer) {
    return {
      description,
      content: Object.fromEntries(
        answer.file.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      ),
    };
  }
  if ('socket' in answer) {
    const names = (side: Record<string, TSchema>): string => Object.keys(side).join(', ');
    return {
      description:
        `${description} Client messages: ${names(answer.socket.client)} (text frames of JSON) and audio (binary ` +
        `frames). Server messages: ${names(answer.socket.server)} (text frames of JSON) and the dubbed audio ` +
        '(binary frames). The content below gives the server’s JSON messages; `x-websocket-client-messages` the client’s.',
      // What the server sends, as a response's content; what the client sends, as an extension.
      content: {
        'application/json': {
          schema: { oneOf: Object.values(answer.socket.server).map((schema) => withRefs(schema)) },
        },
      },
      'x-websocket-client-messages': {
        oneOf: Object.values(answer.socket.client).map((schema) => withRefs(schema)),
      },
    };
  }
  if ('html' in answer) return { description, content: { 'text/html': { schema: { type: 'string' } } } };
  return { description };
}

/** A schema as plain JSON, its named parts replaced by references (except the one being defined). */
function withRefs(schema: TSchema, defining?: TSchema): unknown {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const named = NAMED.find(([, candidate]) => candidate === node && candidate !== defining);
    if (named) return { $ref: `#/components/schemas/${named[0]}` };
    return Object.fromEntries(Object.entries(clean(node as TSchema) as Json).map(([key, value]) => [key, walk(value)]));
  };
  return walk(schema);
}

/** The schema without the messages kept for the server (x-error and the like are not part of the document). */
function clean(schema: TSchema): unknown {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !key.startsWith('x-') && !key.startsWith('~')));
}
