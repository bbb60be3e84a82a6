import type { DubAnswer } from './api.js';

/**
 * A note for the creator in plain words, and what lies behind it for the curious (an engine's
 * name, a level in decibels, what whoever runs the service could add), shown under "Details".
 */
export interface PlainNote {
  text: string;
  details?: string;
}

/** What a creator does not act on: a command, a setting, a level in decibels. */
const TECHNICAL = /npm run|VOXLATE_|\s--|\bdB\b/;

/**
 * A warning of the service in plain words: each parenthesis that holds a command, a setting or a
 * decibel figure moves under Details, in the order they came. The rest is said as it was.
 */
export function plainWarning(warning: string): PlainNote {
  const details: string[] = [];
  let text = '';
  let depth = 0;
  let held = '';
  for (const char of warning) {
    if (char === '(') depth++;
    if (depth > 0) held += char;
    else text += char;
    if (char === ')' && depth > 0 && --depth === 0) {
      const inner = held.slice(1, -1);
      if (TECHNICAL.test(inner)) {
        details.push(inner);
        text = text.replace(/\s+$/, '');
      } else text += held;
      held = '';
    }
  }
  text = (text + held).replace(/\s+([.,;:])/g, '$1');
  // A whole sentence that is an instruction for whoever runs the service goes under Details too.
  const sentences = text.split(/(?<=[.!?])\s+/);
  const kept = sentences.filter((sentence) => !FOR_THE_ADMINISTRATOR.test(sentence));
  details.push(...sentences.filter((sentence) => FOR_THE_ADMINISTRATOR.test(sentence)));
  if (kept.length > 0) text = kept.join(' ');
  return details.length > 0 ? { text, details: details.join(' ') } : { text };
}

/** A sentence for whoever runs the service: a command to run, a setting, a document to read. */
const FOR_THE_ADMINISTRATOR = /npm run|VOXLATE_|docs\//;

/** How the original's sound was treated under the dub, in plain words (the levels and engines under Details). */
export function backgroundNote(background: DubAnswer['background']): PlainNote | undefined {
  if (!background) return undefined;
  switch (background.method) {
    case 'separated':
      return {
        text: 'Original voice taken out; its music and ambience kept at full level.',
        details: `Separated by ${background.engine}.`,
      };
    case 'ducked':
      return {
        text:
          'Original turned down under each dubbed line and its source speech, background included. ' +
          'Choose "Remove the original voice" to silence it there.',
        details: `Lowered ${background.duckDb} dB: ${background.reason}.`,
      };
    case 'removed':
      return {
        text: 'Original silenced under each dubbed line and its source speech, background included.',
        details: `Silenced: ${background.reason}.`,
      };
  }
}
