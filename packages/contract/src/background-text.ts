import type { Static } from 'typebox';
import type { Background } from './dub-answer.js';

/**
 * How the original's sound was treated under the dub, in a sentence for the creator (the
 * studio's result and the CLI's summary say the same).
 */
export function backgroundText(background: Static<typeof Background> | undefined): string | undefined {
  if (!background) return undefined;
  switch (background.method) {
    case 'separated':
      return `Original voice taken out (${background.engine}); its music and ambience kept at full level.`;
    case 'ducked':
      return (
        `Original lowered ${background.duckDb} dB under each dubbed line and its source speech, ` +
        `background included (${background.reason}). Choose "Remove the original voice" to silence it there.`
      );
    case 'removed':
      return `Original silenced under each dubbed line and its source speech, background included (${background.reason}).`;
  }
}
