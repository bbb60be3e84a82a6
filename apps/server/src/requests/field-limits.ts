import { MAX_SUBTITLE_BYTES } from '@voxlate/contract';
import { TooLarge, quoteInput } from '@voxlate/core';

export const SUBTITLES_TOO_LARGE = 'The subtitle file is larger than 2 MB, the most it may hold.';
/** Every other field is a code, a flag, an engine id or a link. */
const MAX_FIELD_BYTES = 4 * 1024;

/**
 * A text field within its limit, whether it came in a form or in JSON; a longer one is refused
 * with 413 naming the field and the limit, before anything reads what it says.
 */
export function fieldWithinLimit(name: string, value: string, truncated = false): string {
  const limit = name === 'subtitles' ? MAX_SUBTITLE_BYTES : MAX_FIELD_BYTES;
  if (truncated || Buffer.byteLength(value) > limit) {
    throw new TooLarge(`The field ${quoteInput(name, 40)} is longer than ${formatBytes(limit)}, the most it may hold.`);
  }
  return value;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}
