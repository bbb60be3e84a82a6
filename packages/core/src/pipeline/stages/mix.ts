import { BadInput } from '../../errors.js';
import { outputDurationOf, placedSpan } from '../../placement.js';
import type { MediaInfo, OutputContainer, PlacedClip, RenderRequest } from '../../media.js';
import type { DubRequest } from '../dub-request.js';
import { trackCues } from '../../subtitles/track-cues.js';
import { toSrt } from '@voxlate/shared';
import { changedWindows } from '../changed-windows.js';
import { outputTags, type ToolInfo } from '../../provenance/output-tags.js';
import type { StageContext } from '../stage-context.js';
import type { Segment } from '../../timeline.js';
import { levelledToSource } from '../part-levels.js';
import { requireInfo } from './require.js';

const UNNAMED_TOOL: ToolInfo = { name: 'Voxlate', version: 'unknown' };
/** Past this share of the file changed, a re-render mixes the whole file again. */
const MOST_OF_IT = 0.5;

/**
 * Lays the dubbed lines over the separated background (or, without one, ducks the original
 * under them), normalises loudness and writes the output, tagged as synthetic speech with the
 * tool, languages and engines that made it.
 */
export async function mix(ctx: StageContext): Promise<OutputContainer> {
  const info = requireInfo(ctx);
  const container = outputContainerOf(ctx.request, info);
  if (container === 'mp4' && !info.video) throw new BadInput('An MP4 output needs a video stream in the input.');
  const dubbed = ctx.timeline.segments.filter((segment) => placedSpan(segment) && segment.dubbed);
  const placed: PlacedClip[] = dubbed.map((segment) => ({ ref: segment.dubbed!, start: placedSpan(segment)!.start }));
  const part = ctx.choices.timing.part !== undefined;
  const clips = part ? await levelledToSource(ctx, placed, dubbed) : placed;
  // Kept on the line, so that its stems are levelled as the result is.
  clips.forEach((clip, i) => {
    if (clip.gainDb === undefined) delete dubbed[i]!.mixGainDb;
    else dubbed[i]!.mixGainDb = clip.gainDb;
  });
  const tags = outputTags(ctx.timeline, ctx.request.tool ?? UNNAMED_TOOL, new Date());
  // A re-render keeps the first render's level (measured again, an edit would move every line's);
  // a dub of part of a file keeps the original's (its lines are levelled to their source lines).
  const gainDb = ctx.redo ? ctx.timeline.mixGainDb : part ? 0 : undefined;
  const patch = patchOf(ctx);
  const outcome = await ctx.ports.media.render(
    {
      input: ctx.request.input,
      language: ctx.timeline.targetLanguage,
      info,
      clips,
      mix: ctx.options.mix,
      output: ctx.request.output,
      outputSeconds: outputDurationOf(ctx.timeline),
      container,
      tags,
      ...(ctx.background
        ? { background: ctx.background }
        : {
            duckSpans: dubbed.map(speechSpanOf),
            ...(ctx.choices.originalSpeech === 'remove' ? { silenceUnderSpeech: true } : {}),
          }),
      ...(gainDb === undefined ? {} : { gainDb }),
      ...(patch ? { patch } : {}),
      subtitles: { srt: toSrt(trackCues(ctx.timeline, ctx.choices.subtitles)), language: ctx.timeline.targetLanguage },
    },
    { signal: ctx.signal, onProgress: (done, total) => ctx.progress('mix', done, total) },
  );
  if (outcome.gainDb === undefined) delete ctx.timeline.mixGainDb;
  else ctx.timeline.mixGainDb = outcome.gainDb;
  return container;
}

/**
 * A dubbed line's source speech joined with its dub: where the original voice must not be heard
 * (a dub that ends before its source line would otherwise let the rest of it through).
 */
export function speechSpanOf(segment: Segment): { start: number; end: number } {
  const placed = placedSpan(segment);
  return placed
    ? { start: Math.min(segment.start, placed.start), end: Math.max(segment.end, placed.end) }
    : { start: segment.start, end: segment.end };
}

/** The output's container: the one asked for, or MP4 from a video and WAV from audio. */
export function outputContainerOf(
  request: Pick<DubRequest, 'outputContainer'>,
  info: Pick<MediaInfo, 'video'>,
): OutputContainer {
  return request.outputContainer ?? (info.video ? 'mp4' : 'wav');
}

/** A re-render's changed stretches, to splice into the previous output; none when most of it changed. */
function patchOf(ctx: StageContext): RenderRequest['patch'] {
  const redo = ctx.redo;
  if (!redo?.previousOutput) return undefined;
  // The previous output's picture has the old subtitles burned in: the picture is made again.
  if (ctx.choices.subtitles.burnIn) return undefined;
  // The output's length changed (the edit made the dub run further past the end, or less far).
  if (outputDurationOf(redo.base.timeline) !== outputDurationOf(ctx.timeline)) return undefined;
  const windows = changedWindows(redo.base.timeline, ctx.timeline, redo.lines);
  if (!windows) return undefined;
  const changed = windows.reduce((sum, window) => sum + window.end - window.start, 0);
  if (changed > MOST_OF_IT * ctx.timeline.duration) return undefined;
  return { previous: redo.previousOutput, windows };
}
