/**
 * Dictionaries write translations for readers, not for speech: placeholders for the object
 * ("etw. aufbauen", "jds. Lebtag"), abbreviations ("Hr."), word parts ("…herzig", "rauch-"),
 * unit symbols ("Watt W") and stray sense numbers ("骨 2."). These turn one alternative into what can be said, or reject it.
 */

/** "something", "someone" and their cases, in the FreeDict languages' own abbreviations. */
const OBJECT_PLACEHOLDER =
  /(?<![\p{L}])(?:etw|jdm|jdn|jds|jd|jmd|jmdm|jmdn|jmds|sb|sth|so|qn|qc|qqn|qqch|qch|algn|algo|alg|qlcu|qlco|smb|smth)\.(?=\s|$)/giu;

/** One alternative of a sense, cleaned; undefined when nothing speakable is left. */
export function cleanAlternative(alternative: string): string | undefined {
  let text = alternative
    .replace(OBJECT_PLACEHOLDER, ' ')
    // A sense number the dictionary left on the line before ("骨 2.").
    .replace(/(?<![\p{L}\p{N}])\d+\.(?=\s|$)/gu, ' ')
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ')
    .trim();
  text = withoutUnitSymbol(text);
  if (text === '') return undefined;
  if (isWordPart(text) || isAbbreviation(text) || /[+=]|\w\.\d/.test(text)) return undefined;
  // "gehen/marschieren": a choice the reader makes; speech needs one.
  return text.split('/')[0]!.trim() || undefined;
}

/** "…herzig", "rauch-", "-los": parts of compounds, not words. */
function isWordPart(text: string): boolean {
  return /^(?:…|\.\.\.|-)|(?:…|\.\.\.|-)$/.test(text);
}

/** "Hr.", "jds.", "usw.": a short word ending in a full stop. */
function isAbbreviation(text: string): boolean {
  return /^\p{L}{1,4}\.$/u.test(text);
}

/** "Watt W", "Volt V": the unit's symbol after its name (its first letter, in capitals). */
function withoutUnitSymbol(text: string): string {
  const match = /^(\p{L}[\p{L}\s]*?)\s+(\p{Lu}[\p{L}]{0,2})$/u.exec(text);
  if (!match) return text;
  const [, name, symbol] = match as unknown as [string, string, string];
  return symbol[0] === name[0]!.toUpperCase() && symbol.length < name.length ? name : text;
}
