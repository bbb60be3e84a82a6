import type { PlacedClip } from '../media.js';
import type { Segment } from '../timeline.js';
import { activeLevels, meanLevel } from '../voice/track-math.js';
import type { StageContext } from './stage-context.js';

/** A line is never moved by more than this to meet its source line's level (a mismeasure must not blast or bury it). */
const MAX_LEVEL_CHANGE_DB = 20;

/**
 * A dub of part of a file keeps the original's level (no loudness normalisation, which would
 * change the untouched rest): each dubbed line is set to the level of the source line it
 * replaces instead, measured the same way (the mean of its speech frames), so the part sits in
 * the file as the original speech did.
 */
export async function levelledToSource(
  ctx: StageContext,
  clips: PlacedClip[],
  segments: Segment[],
): Promise<PlacedClip[]> {
  const shaper = await ctx.ports.engines.voiceShaper(ctx.request.engines?.voice);
  const levelled: PlacedClip[] = [];
  for (const [i, clip] of clips.entries()) {
    const wanted = segments[i]?.prosody?.loudnessDb;
    const audio = await ctx.ports.clips.get(clip.ref);
    const own = meanLevel(activeLevels(shaper.measure(audio)));
    if (wanted === undefined || own === undefined) {
      levelled.push(clip);
      continue;
    }
    const gainDb = Math.max(-MAX_LEVEL_CHANGE_DB, Math.min(MAX_LEVEL_CHANGE_DB, wanted - own));
    levelled.push({ ...clip, gainDb });
  }
  return levelled;
}
