import type { FastifyRequest } from 'fastify';
import { AUDIO_URL_EXPECTED, ProcessVideoForm, Routes, TranslateForm } from '@voxlate/contract';
import { HttpError } from './http-error.js';

/** What each endpoint takes, said in the errors about malformed requests. */
export const EXPECTED_REQUEST: Readonly<Record<string, string>> = {
  [Routes.translateAudio.path]: TranslateForm.expected,
  [Routes.processVideo.path]: ProcessVideoForm.expected,
  [Routes.processAudioUrl.path]: AUDIO_URL_EXPECTED,
};

/**
 * Errors raised by Fastify's body parsers and @fastify/multipart before our code runs, turned
 * into a status and a sentence that says what was wrong and what the endpoint takes (their own
 * texts are "Unsupported Media Type", a 406 for a JSON-typed field, or nothing at all).
 */
export function describeRequestError(error: unknown, request: FastifyRequest): HttpError | undefined {
  const code = (error as { code?: unknown }).code;
  const expected = EXPECTED_REQUEST[request.routeOptions.url ?? ''] ?? '';
  const say = (status: number, message: string): HttpError =>
    new HttpError(status, expected ? `${message} ${expected}` : message);
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return say(415, `The request body has a type this endpoint does not take (${contentType(request)}).`);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return say(400, 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return say(400, 'The request body is empty.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, 'The request body does not have the length its Content-Length header gives.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(
        413,
        `The request body is larger than ${kilobytes(request.routeOptions.bodyLimit)}, the most this endpoint takes.`,
      );
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(
        400,
        'A form field is declared as JSON (Content-Type: application/json) but is not valid JSON.',
      );
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'A form field has a reserved name (__proto__, constructor or prototype).');
    default:
      return undefined;
  }
}

function contentType(request: FastifyRequest): string {
  const type = request.headers['content-type'];
  return type ? `Content-Type ${JSON.stringify(type.slice(0, 60))}` : 'no Content-Type';
}

function kilobytes(bytes: number | undefined): string {
  return bytes === undefined ? 'the limit' : `${Math.round(bytes / 1024)} KB`;
}
