import type { VoiceSettings } from '@voxlate/core';

/** A stretch of a line's text spoken in one go, and the silence after it. */
export interface SpokenPiece {
  text: string;
  pauseAfterSeconds: number;
}

/**
 * The line cut at its pauses (each after a word, as `VoiceSettings.pauses` gives them): the
 * Debian voice programs read plain text, so a pause is made by speaking the pieces apart and
 * joining them with silence of the pause's length. Pauses after the last word are dropped.
 */
export function splitAtPauses(text: string, pauses: VoiceSettings['pauses']): SpokenPiece[] {
  const words = text.split(/\s+/).filter((word) => word !== '');
  const after = new Map<number, number>();
  for (const pause of pauses ?? []) {
    if (pause.afterWord >= 0 && pause.afterWord < words.length - 1 && pause.seconds > 0) {
      after.set(pause.afterWord, pause.seconds);
    }
  }
  if (after.size === 0) return [{ text: text.trim(), pauseAfterSeconds: 0 }];
  const pieces: SpokenPiece[] = [];
  let current: string[] = [];
  words.forEach((word, i) => {
    current.push(word);
    const pause = after.get(i);
    if (pause !== undefined || i === words.length - 1) {
      pieces.push({ text: current.join(' '), pauseAfterSeconds: pause ?? 0 });
      current = [];
    }
  });
  return pieces;
}
