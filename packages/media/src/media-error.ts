import { MediaUnreadable } from '@voxlate/core';
import { ProcessFailed } from './run-process.js';

/** ffmpeg failures become MediaUnreadable with stderr kept for the log; others pass through. */
export function asMediaError(error: unknown, message: string): unknown {
  if (error instanceof ProcessFailed) return new MediaUnreadable(message, error.stderr);
  return error;
}
