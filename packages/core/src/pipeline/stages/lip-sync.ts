import type { EngineContext } from '../../engine.js';
import { dubbedLine, frameLoudness } from '../../lipsync/dubbed-lines.js';
import {
  SKIP_REASON_TEXT,
  type FrameRange,
  type LipSyncLine,
  type LipSyncOutcome,
  type NewPicture,
  type VideoFrame,
  type YuvFrame,
} from '../../lipsync/lip-sync-types.js';
import { outputDurationOf } from '../../placement.js';
import type { StageContext } from '../stage-context.js';
import { requireInfo } from './require.js';
import { recordEngine } from '../../engines-used.js';

/** Share of the stage's progress bar the analysis pass takes (the render pass and encode the rest). */
const ANALYSIS_SHARE = 0.45;

/**
 * Moves the speakers' mouths to the dubbed words: the lip syncer looks at every frame near
 * speech, decides line by line (synced, or skipped with the reason), and when any line is
 * synced the picture is written again with the new mouths: the groups of pictures that hold a
 * new mouth re-encoded, the others copied from the source where it allows (the outcome says how
 * many). When no line is synced, the picture stays the source's own stream, untouched, and a
 * warning says why.
 */
export async function lipSync(ctx: StageContext): Promise<void> {
  const video = requireInfo(ctx).video;
  if (!video) return;
  const syncer = await ctx.ports.engines.lipSyncer(ctx.request.engines?.lipsync);
  recordEngine(ctx.timeline, 'lip sync', syncer);
  const lines = await linesOf(ctx, video.fps);
  const frames = Math.round(ctx.timeline.duration * video.fps);
  const readFrames = (range?: FrameRange): AsyncIterable<VideoFrame> =>
    ctx.ports.media.readFrames(ctx.request.input, video, { signal: ctx.signal }, range);
  const speech = ctx.timeline.segments.map((s) => ({ start: s.start, end: s.end, speaker: s.speaker ?? 'S1' }));
  const plan = await syncer.analyse(
    { video: { fps: video.fps, frames }, lines, speech, readFrames },
    passContext(ctx, 0, ANALYSIS_SHARE),
  );
  recordOutcomes(ctx, plan.outcomes, syncer.id);
  if (plan.syncedFrames === 0) return;
  const renderContext = ctx.signal ? { signal: ctx.signal } : {};
  const readPicture = (range?: FrameRange): AsyncIterable<YuvFrame> =>
    ctx.ports.media.readPicture(ctx.request.input, video, renderContext, range);
  const picture: NewPicture = {
    source: ctx.request.input,
    changed: plan.changedFrames,
    frames: (range) => syncer.render(plan, readPicture(range), renderContext),
  };
  const holdLastFrameSeconds = outputDurationOf(ctx.timeline) - ctx.timeline.duration;
  const outcome = await ctx.ports.media.replaceVideo(ctx.request.output, video, picture, {
    ...passContext(ctx, ANALYSIS_SHARE, 1 - ANALYSIS_SHARE),
    ...(holdLastFrameSeconds > 0 ? { holdLastFrameSeconds } : {}),
  });
  if (ctx.timeline.lipSync) ctx.timeline.lipSync.picture = outcome;
}

async function linesOf(ctx: StageContext, fps: number): Promise<LipSyncLine[]> {
  const lines: LipSyncLine[] = [];
  for (const segment of ctx.timeline.segments) {
    const line = dubbedLine(segment);
    if (!line) continue;
    // The mouth opens with the dubbed voice's loudness (and follows it alone without phonemes).
    if (segment.dubbed) line.loudness = frameLoudness(await ctx.ports.clips.get(segment.dubbed), fps);
    lines.push(line);
  }
  return lines;
}

/** An engine context whose progress fills `[from, from + share)` of the stage's bar. */
function passContext(ctx: StageContext, from: number, share: number): EngineContext {
  return {
    ...(ctx.signal ? { signal: ctx.signal } : {}),
    onProgress: (done, total) => ctx.progress('lipsync', from + share * (total > 0 ? done / total : 1), 1),
  };
}

/** Each line's outcome on its segment, and one warning that says which lines kept their picture and why. */
function recordOutcomes(ctx: StageContext, outcomes: ReadonlyMap<number, LipSyncOutcome>, engine: string): void {
  const skipped = new Map<string, number>();
  let synced = 0;
  for (const segment of ctx.timeline.segments) {
    const outcome = outcomes.get(segment.id);
    if (!outcome) continue;
    segment.lipSync = outcome;
    if (outcome.status === 'synced') synced++;
    else if (outcome.reason) {
      const reason = SKIP_REASON_TEXT[outcome.reason];
      skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
    }
  }
  ctx.timeline.lipSync = { engine, synced, skipped: outcomes.size - synced };
  if (skipped.size === 0) return;
  const reasons = [...skipped.entries()].map(([reason, count]) => `${reason} (${count})`).join(', ');
  const message =
    synced === 0
      ? `Lip sync could not be applied to any line: ${reasons}. The picture is unchanged.`
      : `Lip sync was applied to ${synced} of ${outcomes.size} lines; the others keep their picture: ${reasons}.`;
  ctx.warn('lipsync', message);
}
