import type { SavedVoice } from './saved-voice.js';

/**
 * The key that gives one saved voice to every speaker a dub finds (a solo creator whom the
 * speaker detection may split in two): `*=Host` on the wire, beside or instead of S1=..., S2=....
 */
export const EVERY_SPEAKER = '*';

/** The saved voice a request gives a speaker: their own assignment first, then the one for all. */
export function savedVoiceFor(
  saved: Readonly<Record<string, SavedVoice>> | undefined,
  speaker: string,
): SavedVoice | undefined {
  return saved?.[speaker] ?? saved?.[EVERY_SPEAKER];
}
