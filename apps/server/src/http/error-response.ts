import {
  Busy,
  Conflict,
  INTERNAL_ERROR_MESSAGE,
  isVoxlateError,
  OverAllowance,
  TooManyJobs,
  type ErrorCode,
  type VoxlateError,
} from '@voxlate/core';
import { HttpError } from './http-error.js';

export interface ErrorResponse {
  status: number;
  body: { error: string; revision?: number; usage?: { used_minutes: number; left_minutes: number; resets_at: string } };
  headers: Record<string, string>;
}

/** HTTP status for each pipeline error code; the pipeline itself knows nothing of HTTP. */
export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  BadInput: 400,
  NotFound: 404,
  UnsupportedLanguage: 422,
  MediaUnreadable: 422,
  NoAudioStream: 422,
  TooLarge: 413,
  TooLong: 422,
  NoSpeech: 422,
  EngineUnavailable: 503,
  TimedOut: 503,
  Cancelled: 499,
  Busy: 503,
  Conflict: 409,
  TooManyJobs: 429,
  UnsupportedMediaType: 415,
  OverAllowance: 402,
  Internal: 500,
};

/** Turns any thrown value into the status and `{error}` body the client sees. */
export function errorResponse(error: unknown): ErrorResponse {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { ...error.fields, error: error.message }, headers: error.headers };
  }
  if (isVoxlateError(error)) {
    const status = STATUS_BY_CODE[error.code];
    const message = status === 500 ? INTERNAL_ERROR_MESSAGE : error.message;
    const body = {
      ...(error instanceof Conflict && error.revision !== undefined ? { revision: error.revision } : {}),
      ...(error instanceof OverAllowance ? { usage: usageFields(error.usage) } : {}),
    };
    return { status, body: { ...body, error: message }, headers: retryAfterOf(error) };
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, body: { error: messageOf(error) }, headers: {} };
  }
  return { status: 500, body: { error: INTERNAL_ERROR_MESSAGE }, headers: {} };
}

/** The month's figures a 402 carries, in the wire's names. */
function usageFields(usage: OverAllowance['usage']): { used_minutes: number; left_minutes: number; resets_at: string } {
  return { used_minutes: usage.usedMinutes, left_minutes: usage.leftMinutes, resets_at: usage.resetsAt };
}

/** When to ask again: what is busy or full is held for a while (a job's lock: seconds at most). */
function retryAfterOf(error: VoxlateError): Record<string, string> {
  return error instanceof Busy || error instanceof TooManyJobs
    ? { 'Retry-After': String(error.retryAfterSeconds) }
    : {};
}

function statusOf(error: unknown): number | undefined {
  const value = (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof value === 'number' ? value : undefined;
}

function messageOf(error: unknown): string {
  const candidate = error as { error?: unknown; message?: unknown };
  if (typeof candidate.error === 'string' && candidate.error.length > 0 && candidate.error !== 'Bad Request') {
    return candidate.error;
  }
  return typeof candidate.message === 'string' ? candidate.message : 'Bad request';
}
