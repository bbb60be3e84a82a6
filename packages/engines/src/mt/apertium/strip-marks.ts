/**
 * Apertium marks words it could not handle: `*` unknown to the dictionary, `#` not
 * generated, `@` not transferred. The marks must not be spoken; the words are kept.
 */
export function stripApertiumMarks(text: string): string {
  return text
    .replace(/(^|[\s([{"'«¿¡—-])[*#@]+(?=[^\s*#@])/gu, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The words Apertium marked `*` (unknown to its dictionary: left in the source language), without the mark. */
export function unknownWords(text: string): string[] {
  return [...text.matchAll(/(?:^|[\s([{"'«¿¡—-])\*([^\s*#@.,;:!?)\]}"'»]+)/gu)].map((match) => match[1]!);
}
