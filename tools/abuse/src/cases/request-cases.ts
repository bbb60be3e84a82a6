import { readFileSync } from 'node:fs';
import { TranslateForm } from '@voxlate/contract';
import { mostFieldsOf } from '@voxlate/server';
import type { AbuseCase } from '../abuse-case.js';
import type { RawRequest } from '../../../../apps/server/src/test/raw-http.js';
import { BOUNDARY, formData, formType, translateForm } from './form-data.js';
import type { BaseMedia } from './media-files.js';

type Case = [id: string, request: () => RawRequest, expect?: readonly number[], regression?: string];

/** Node's parser refuses the body and closes the socket before any handler runs (see below). */
const BROKEN_CHUNK = 'zz\r\nabc\r\n0\r\n\r\n';
const BROKEN_CHUNK_LEFT =
  'each left its request folder and a handler waiting for ever for a body that had broken before it asked (issue 53)';

const post = (path: string, headers: Record<string, string>, body: Buffer | string): RawRequest => ({
  method: 'POST',
  path,
  headers,
  body: typeof body === 'string' ? Buffer.from(body) : body,
});

/** The studio's form with these text fields and the speech as `fileField`. */
function formWith(
  path: string,
  speech: () => Buffer,
  fields: Record<string, string>,
  file: { field: string; name: string } = { field: 'file', name: 'a.wav' },
): () => RawRequest {
  return () =>
    post(
      path,
      formType(),
      formData([
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        { name: file.field, value: speech(), filename: file.name },
      ]),
    );
}

/** Multipart bodies broken every way a client (or an attacker) can break them. */
function multipartCases(speech: () => Buffer): Case[] {
  const good = (): Buffer => translateForm(speech(), 'speech.wav');
  const long = 'b'.repeat(200);
  const tooManyFields = mostFieldsOf(TranslateForm) + 1;
  const formOf = (parts: Parameters<typeof formData>[0]) => (): RawRequest =>
    post('/translate', formType(), formData(parts));
  return [
    ['no-boundary', () => post('/translate', { 'content-type': 'multipart/form-data' }, good()), [400]],
    ['wrong-boundary', () => post('/translate', formType('other-boundary'), good()), [400]],
    ['truncated-in-headers', () => post('/translate', formType(), good().subarray(0, 60)), [400]],
    ['truncated-in-file', () => post('/translate', formType(), good().subarray(0, 2000)), [400]],
    ['no-closing-boundary', () => post('/translate', formType(), good().subarray(0, good().length - 30)), [400]],
    ['garbage-body', () => post('/translate', formType(), Buffer.alloc(4000, 0x41)), [400]],
    ['empty-body', () => post('/translate', formType(), ''), [400]],
    [
      'boundary-200-chars',
      () => post('/translate', formType(long), good().toString('latin1').replaceAll(BOUNDARY, long)),
      undefined,
    ],
    [
      'boundary-with-quotes',
      () => post('/translate', { 'content-type': `multipart/form-data; boundary="${BOUNDARY}"` }, good()),
      undefined,
    ],
    [
      'json-typed-field',
      formOf([{ name: 'target_language', value: '{spa', headers: { 'Content-Type': 'application/json' } }]),
      [400],
    ],
    [
      'proto-field-name',
      formOf([
        { name: '__proto__', value: 'x' },
        { name: 'file', value: speech(), filename: 'a.wav' },
      ]),
      [400],
    ],
    ['constructor-field-name', formOf([{ name: 'constructor', value: 'x' }]), [400]],
    [
      'two-files',
      formOf([
        { name: 'target_language', value: 'spa' },
        { name: 'file', value: speech(), filename: 'a.wav' },
        { name: 'file', value: speech(), filename: 'b.wav' },
      ]),
      undefined,
    ],
    ['three-files', formOf([1, 2, 3].map((i) => ({ name: `f${i}`, value: 'x', filename: `${i}.wav` }))), [400, 413]],
    // One past the service's limit, whatever the form declares (a fixed 30 became allowed as the form grew).
    [
      'one-field-too-many',
      formOf(Array.from({ length: tooManyFields }, (_, i) => ({ name: `field${i}`, value: 'x' }))),
      [413],
    ],
    [
      'file-in-wrong-field',
      formWith('/translate', speech, { target_language: 'spa' }, { field: 'video', name: 'a.wav' }),
      [400],
    ],
    ['no-language', formWith('/translate', speech, {}), [400]],
    ['unknown-language', formWith('/translate', speech, { target_language: 'tlh' }), [400]],
    ['unknown-backend', formWith('/translate', speech, { target_language: 'spa', backend: 'magic' }), [400]],
    [
      'flag-not-boolean',
      formWith(
        '/process-video',
        speech,
        { target_language: 'spa', apply_lip_sync: 'yes please' },
        { field: 'video', name: 'a.mp4' },
      ),
      [400, 415],
    ],
    ['same-language', formWith('/translate', speech, { target_language: 'eng', source_language: 'eng' }), [400]],
    ['unknown-engine', formWith('/translate', speech, { target_language: 'spa', asr_engine: 'whisper-huge' }), [400]],
    [
      'audio-to-video-endpoint',
      formWith('/process-video', speech, { target_language: 'spa' }, { field: 'video', name: 'a.mp4' }),
      [415],
    ],
    [
      'text-file-as-audio',
      () =>
        post(
          '/translate',
          formType(),
          formData([
            { name: 'target_language', value: 'spa' },
            { name: 'file', value: 'just some text\n'.repeat(100), filename: 'a.wav' },
          ]),
        ),
      [415],
    ],
    [
      'part-without-headers',
      () => post('/translate', formType(), `--${BOUNDARY}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`),
      [400],
    ],
    [
      'header-injection-in-filename',
      formWith(
        '/translate',
        speech,
        { target_language: 'spa' },
        { field: 'file', name: 'a.wav"\r\nContent-Type: text/html\r\nX: "' },
      ),
      undefined,
    ],
  ];
}

/** Bodies for the JSON endpoint that are not what it takes. */
function jsonCases(): Case[] {
  const json = (body: string): RawRequest => post('/process-audio-url', { 'content-type': 'application/json' }, body);
  /** A well-formed request for Spanish whose `url` is the case. */
  const link = (url: unknown): RawRequest => json(JSON.stringify({ url, target_language: 'spa' }));
  return [
    ['not-json', () => json('{"url": '), [400]],
    ['empty', () => json(''), [400]],
    ['array', () => json('["https://example.com/a.mp3"]'), [400]],
    ['string', () => json('"https://example.com/a.mp3"'), [400]],
    ['null', () => json('null'), [400]],
    ['number', () => json('12345'), [400]],
    ['proto-key', () => json('{"__proto__": {"polluted": true}, "url": "https://example.com/a.mp3"}'), [400]],
    ['deep-nesting', () => json(`${'['.repeat(50_000)}${']'.repeat(50_000)}`), [400, 413]],
    ['url-is-number', () => link(42), [400]],
    ['url-is-object', () => link({ href: 'https://example.com' }), [400]],
    ['no-language', () => json('{"url": "https://example.com/a.mp3"}'), [400]],
    ['file-scheme', () => link('file:///etc/passwd'), [400]],
    ['data-scheme', () => link('data:audio/wav;base64,UklGRg=='), [400]],
    ['javascript-scheme', () => link('javascript:alert(1)'), [400]],
    ['ftp-scheme', () => link('ftp://example.com/a.mp3'), [400]],
    ['credentials', () => link('https://user:pass@example.com/a.mp3'), [400]],
    ['spaces-in-url', () => link('   '), [400]],
    ['unknown-host', () => link('https://no-such-host.invalid/a.mp3'), [400]],
    [
      'text-plain',
      () => post('/process-audio-url', { 'content-type': 'text/plain' }, 'https://example.com/a.mp3'),
      [415],
    ],
    [
      'form-urlencoded',
      () => post('/process-audio-url', { 'content-type': 'application/x-www-form-urlencoded' }, 'url=x'),
      [415],
    ],
    [
      'charset-latin1',
      () => post('/process-audio-url', { 'content-type': 'application/json; charset=latin1' }, '{"url": "x"}'),
      [400, 415],
    ],
    ['over-64-KB', () => link(`https://example.com/${'a'.repeat(70_000)}`), [413]],
  ];
}

/** Fields longer than anything real, each of which must be refused by name with a short answer. */
function fieldCases(speech: () => Buffer): Case[] {
  const with1 = (name: string, value: string): RawRequest =>
    post(
      '/translate',
      formType(),
      formData([
        { name, value },
        { name: 'file', value: speech(), filename: 'a.wav' },
      ]),
    );
  return [
    ['language-4-KB', () => with1('target_language', 'x'.repeat(4097)), [413]],
    ['language-1-MB', () => with1('target_language', 'x'.repeat(1024 * 1024)), [413]],
    ['backend-64-KB', () => with1('backend', 'y'.repeat(64 * 1024)), [413]],
    ['engine-id-10-KB', () => with1('asr_engine', 'z'.repeat(10_000)), [413]],
    ['unknown-field-1-MB', () => with1('comment', 'c'.repeat(1024 * 1024)), [413]],
    ['subtitles-2-MB-plus-one', () => with1('subtitles', 's'.repeat(2 * 1024 * 1024 + 1)), [413]],
    ['field-name-5-KB', () => with1('n'.repeat(5000), 'x'), [400]],
    [
      'filename-10-KB',
      () => post('/translate', formType(), translateForm(speech(), `${'f'.repeat(10_000)}.wav`)),
      undefined,
    ],
  ];
}

/** Requests broken at the HTTP level, below the framework. */
function httpCases(): Case[] {
  return [
    ['content-length-not-a-number', () => post('/translate', { ...formType(), 'content-length': 'abc' }, 'x'), [400]],
    [
      'content-length-larger-than-body',
      () => post('/translate', { ...formType(), 'content-length': '100000' }, 'x'.repeat(10)),
      [408],
    ],
    ['two-content-lengths', () => post('/translate', { ...formType(), 'content-length': '5, 6' }, 'hello'), [400]],
    ...['/translate', '/process-video', '/api/jobs'].map((path): Case => [
      `bad-chunk-size${path === '/translate' ? '' : path.replaceAll('/', '-')}`,
      () => post(path, { ...formType(), 'transfer-encoding': 'chunked' }, BROKEN_CHUNK),
      [400],
      BROKEN_CHUNK_LEFT,
    ]),
    ['header-of-20-KB', () => post('/translate', { ...formType(), 'x-padding': 'p'.repeat(20_000) }, ''), [431]],
    ['unknown-method', () => ({ method: 'BREW', path: '/translate', headers: {}, body: Buffer.alloc(0) }), [400, 404]],
    ['put-on-translate', () => ({ method: 'PUT', path: '/translate', headers: {}, body: Buffer.alloc(0) }), [404]],
    [
      'path-traversal',
      () => ({ method: 'GET', path: '/../../../../etc/passwd', headers: {}, body: Buffer.alloc(0) }),
      [200, 400, 404],
    ],
    [
      'encoded-traversal',
      () => ({ method: 'GET', path: '/assets/..%2f..%2f..%2fpackage.json', headers: {}, body: Buffer.alloc(0) }),
      [200, 400, 403, 404],
    ],
    ['no-content-type', () => post('/translate', {}, 'hello'), [415]],
    [
      'expect-continue',
      () => post('/translate', { ...formType(), expect: '100-continue' }, translateForm(Buffer.from('RIFF'), 'a.wav')),
      [415],
    ],
    [
      'gzip-encoded-form',
      () => post('/translate', { ...formType(), 'content-encoding': 'gzip' }, 'not gzip at all'),
      [400, 415],
    ],
    [
      'upload-stalls',
      () => ({ ...post('/translate', formType(), Buffer.alloc(50_000, 0x41)), stallAfter: 1000 }),
      [408],
    ],
  ];
}

/** All request-level cases. */
export function requestCases(base: BaseMedia): AbuseCase[] {
  const speech = (): Buffer => readFileSync(base.speechWav);
  const family = (category: string, cases: Case[]): AbuseCase[] =>
    cases.map(([id, request, expect, regression]) => ({
      id: `${category}/${id}`,
      category,
      target: 'service',
      request,
      ...(expect ? { expect } : {}),
      ...(regression ? { regression } : {}),
    }));
  return [
    ...family('multipart', multipartCases(speech)),
    ...family('json', jsonCases()),
    ...family('fields', fieldCases(speech)),
    ...family('http', httpCases()),
  ];
}
