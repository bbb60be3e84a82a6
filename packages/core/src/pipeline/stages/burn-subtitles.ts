import { trackCues } from '../../subtitles/track-cues.js';
import { toSrt } from '@voxlate/shared';
import type { StageContext } from '../stage-context.js';
import { requireInfo } from './require.js';

/**
 * Renders the target subtitles (or both languages', when asked) into the picture, when the creator asked for it: last, after lip
 * sync, so the mouths are made on the clean picture and the text sits over the final one. The
 * selectable subtitle track stays as well.
 */
export async function burnSubtitles(ctx: StageContext): Promise<void> {
  const info = requireInfo(ctx);
  if (!info.video) return;
  const cues = trackCues(ctx.timeline, ctx.choices.subtitles);
  if (cues.length === 0) return;
  await ctx.ports.media.burnSubtitles(
    ctx.request.output,
    info,
    {
      srt: toSrt(cues),
      language: ctx.timeline.targetLanguage,
      ...(ctx.choices.subtitles.bilingual ? { also: ctx.timeline.sourceLanguage } : {}),
    },
    { signal: ctx.signal, onProgress: (done, total) => ctx.progress('burn', done, total) },
  );
}
