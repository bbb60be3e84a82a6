/** Longest stretch of a user's input repeated in an error message. */
const MAX_QUOTED = 60;

/**
 * A user's value quoted for an error message, cut to its first 60 characters: messages name
 * the offending value, but never echo a megabyte of it back.
 */
export function quoteInput(value: string, max = MAX_QUOTED): string {
  const trimmed = value.trim();
  const cut = [...trimmed].length > max ? `${[...trimmed].slice(0, max).join('')}…` : trimmed;
  return JSON.stringify(cut);
}
