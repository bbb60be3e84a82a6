/**
 * Named errors with stable codes. HTTP status codes are chosen in apps/server only;
 * here a code says what went wrong and the message names the offending value.
 */
export type ErrorCode =
  | 'BadInput'
  | 'NotFound'
  | 'UnsupportedLanguage'
  | 'MediaUnreadable'
  | 'NoAudioStream'
  | 'TooLarge'
  | 'TooLong'
  | 'NoSpeech'
  | 'EngineUnavailable'
  | 'TimedOut'
  | 'Cancelled'
  | 'Busy'
  | 'Conflict'
  | 'TooManyJobs'
  | 'UnsupportedMediaType'
  | 'OverAllowance'
  | 'Internal';

export class VoxlateError extends Error {
  readonly code: ErrorCode;
  /** Detail for logs (for example ffmpeg's stderr); never shown raw to a user. */
  readonly detail: string | undefined;

  constructor(code: ErrorCode, message: string, detail?: string) {
    super(message);
    this.name = code;
    this.code = code;
    this.detail = detail;
  }
}

export class BadInput extends VoxlateError {
  constructor(message: string, detail?: string) {
    super('BadInput', message, detail);
  }
}

/** Something asked for by name (a job id) that does not exist, or no longer. */
export class NotFound extends VoxlateError {
  constructor(message: string) {
    super('NotFound', message);
  }
}

export class UnsupportedLanguage extends VoxlateError {
  constructor(message: string) {
    super('UnsupportedLanguage', message);
  }
}

export class MediaUnreadable extends VoxlateError {
  constructor(message: string, detail?: string) {
    super('MediaUnreadable', message, detail);
  }
}

export class NoAudioStream extends VoxlateError {
  constructor(message = 'The file has no audio stream: there is no speech to translate.') {
    super('NoAudioStream', message);
  }
}

export class TooLarge extends VoxlateError {
  constructor(message: string) {
    super('TooLarge', message);
  }
}

export class TooLong extends VoxlateError {
  constructor(durationSec: number, maxSec: number, message?: string) {
    super(
      'TooLong',
      message ?? `The media lasts ${formatMinutes(durationSec)}, over the maximum of ${formatMinutes(maxSec)}.`,
    );
  }

  /** The audio runs past the limit although the file declares less (its header lies). */
  static pastDeclared(declaredSec: number, maxSec: number): TooLong {
    return new TooLong(
      declaredSec,
      maxSec,
      `The audio runs past the maximum of ${formatMinutes(maxSec)}, although the file says it lasts ${formatSeconds(declaredSec)}.`,
    );
  }
}

export class NoSpeech extends VoxlateError {
  constructor(message = 'No speech found in this file') {
    super('NoSpeech', message);
  }
}

export class EngineUnavailable extends VoxlateError {
  constructor(message: string, detail?: string) {
    super('EngineUnavailable', message, detail);
  }
}

/** The job ran past the time allowed for its media and was stopped. */
export class TimedOut extends VoxlateError {
  constructor(limitSeconds: number, mediaSeconds: number) {
    super(
      'TimedOut',
      `The job took longer than the ${formatSeconds(limitSeconds)} allowed for ${formatSeconds(mediaSeconds)} of media ` +
        'and was stopped. Please try again later.',
    );
  }
}

export class Cancelled extends VoxlateError {
  constructor(message = 'The job was cancelled.') {
    super('Cancelled', message);
  }
}

/**
 * Something shared (a job's lock, the line of jobs, the queue) is held or full for longer than a
 * request may wait: asked again after `retryAfterSeconds`, it may go through.
 */
export class Busy extends VoxlateError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super('Busy', message);
  }
}

/** A client already has as many jobs running or waiting as it may: one may start once some end. */
export class TooManyJobs extends VoxlateError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('TooManyJobs', message);
  }
}

/**
 * A dub past what the workspace's plan allows this month (minutes, languages): refused before
 * it starts, with the month's figures for the client to show.
 */
export class OverAllowance extends VoxlateError {
  constructor(
    message: string,
    readonly usage: { usedMinutes: number; leftMinutes: number; resetsAt: string },
  ) {
    super('OverAllowance', message);
  }
}

/** What was sent is not the kind of thing asked for (not a form; audio where a video was asked for). */
export class UnsupportedMediaType extends VoxlateError {
  constructor(message: string) {
    super('UnsupportedMediaType', message);
  }
}

/**
 * A change that cannot be made to something as it is now: made from a version someone else has
 * changed since (`revision` names the current one, when it has a number), or asked of a job in a
 * state that does not take it.
 */
export class Conflict extends VoxlateError {
  constructor(
    message: string,
    readonly revision?: number,
  ) {
    super('Conflict', message);
  }
}

export class Internal extends VoxlateError {
  constructor(message: string, detail?: string) {
    super('Internal', message, detail);
  }
}

export function isVoxlateError(error: unknown): error is VoxlateError {
  return error instanceof VoxlateError;
}

/** What a user is told of an internal or unexpected error: its own text is for the logs. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** What a user may be told of an error: a named error's message; nothing of an internal one's. */
export function userMessage(error: unknown): string {
  return isVoxlateError(error) && error.code !== 'Internal' ? error.message : INTERNAL_ERROR_MESSAGE;
}

/** Throws Cancelled when the signal has fired; call between units of work. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Cancelled();
}

function formatSeconds(seconds: number): string {
  return seconds < 120 ? `${Math.round(seconds * 10) / 10} s` : formatMinutes(seconds);
}

function formatMinutes(seconds: number): string {
  const minutes = seconds / 60;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} minutes`;
}
