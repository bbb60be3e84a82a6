import { BadInput } from '../../errors.js';
import { placedSpan } from '../../placement.js';
import type { OutputContainer, PlacedClip } from '../../media.js';
import { outputTags, type ToolInfo } from '../../provenance/output-tags.js';
import type { StageContext } from '../stage-context.js';
import { requireInfo } from './require.js';

const UNNAMED_TOOL: ToolInfo = { name: 'Voxlate', version: 'unknown' };

/**
 * Lays the dubbed lines over the separated background (or, without one, ducks the original
 * under them), normalises loudness and writes the output, tagged as synthetic speech with the
 * tool, languages and engines that made it.
 */
export async function mix(ctx: StageContext): Promise<OutputContainer> {
  const info = requireInfo(ctx);
  const container: OutputContainer = ctx.request.outputContainer ?? (info.video ? 'mp4' : 'wav');
  if (container === 'mp4' && !info.video) throw new BadInput('An MP4 output needs a video stream in the input.');
  const clips: PlacedClip[] = ctx.timeline.segments.flatMap((segment) => {
    const placed = placedSpan(segment);
    return placed && segment.dubbed ? [{ ref: segment.dubbed, start: placed.start }] : [];
  });
  const tags = outputTags(ctx.timeline, ctx.request.tool ?? UNNAMED_TOOL, new Date());
  await ctx.ports.media.render(
    {
      input: ctx.request.input,
      info,
      clips,
      mix: ctx.options.mix,
      output: ctx.request.output,
      container,
      tags,
      ...(ctx.background ? { background: ctx.background } : {}),
    },
    { signal: ctx.signal, onProgress: (done, total) => ctx.progress('mix', done, total) },
  );
  return container;
}
