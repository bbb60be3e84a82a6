import type { PcmAudio } from '../../audio.js';
import { planTiming, type PlannedFit } from '../../fitting/plan-timing.js';
import { fitOf } from '../../placement.js';
import { DEFAULT_UNSURE_BELOW, reviewFlagsOf } from '../../review/review-flags.js';
import type { Segment } from '../../timeline.js';
import { partOfMedia } from '../part-of-media.js';
import { redoes } from '../redo-lines.js';
import type { StageContext } from '../stage-context.js';

/**
 * Places every dubbed line (tempo, shift, overflow) and stretches those that must speed up. In
 * a dub of part of a file the last line must end with the part (the original goes on after it).
 */
export async function fitTiming(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  const spoken = timeline.segments.filter((segment) => segment.speech);
  const plan = planTiming(
    spoken.map((segment) => ({ start: segment.start, end: segment.end, speechSeconds: segment.speech!.duration })),
    partOfMedia(ctx.choices.timing.part, timeline.duration)?.span.end ?? timeline.duration,
    ctx.options.fit,
  );
  const stretcher = await ctx.ports.engines.stretcher(request.engines?.stretch);
  for (const [i, segment] of spoken.entries()) {
    const planned = plan[i]!;
    const { tempo, shift, overflow } = planned;
    const kept = keepsClip(ctx, segment, tempo);
    segment.fit = { tempo, shift, overflow };
    if (kept) {
      ctx.progress('fit', i + 1, spoken.length);
      continue;
    }
    let audio = await ctx.ports.clips.get(segment.speech!);
    if (tempo > 1.0005) {
      audio = exactLength(await stretcher.stretch(audio, tempo, { signal: ctx.signal }), planned.placedSeconds);
      segment.engines.stretch = stretcher.id;
    }
    segment.dubbed = await ctx.ports.clips.put(`dubbed-${segment.id}`, audio);
    ctx.progress('fit', i + 1, spoken.length);
  }
  reportOverflow(ctx, spoken);
  extendOutput(ctx, plan);
  markForReview(ctx);
}

/** Every line's reasons for a creator's look, now that its recognition, translation and fit are known. */
function markForReview(ctx: StageContext): void {
  const options = {
    tempoCap: ctx.options.fit.tempoCap,
    unsureBelow: DEFAULT_UNSURE_BELOW,
    // Speech that may not be in the source language has one warning, not an unsure flag on every line.
    flagUnsure: ctx.timeline.languageDoubt === undefined,
  };
  for (const segment of ctx.timeline.segments) segment.review = reviewFlagsOf(segment, options);
}

/**
 * Silence kept after the last dubbed line when the output must grow: the limiter and the AAC
 * encoder need a moment, and a voice cut at its last sample sounds clipped.
 */
const END_TAIL_SECONDS = 0.3;

/**
 * When the last lines end after the media does (even at the tempo cap, with every pause taken),
 * the output grows to hold them instead of cutting them: the warning says by how much.
 */
function extendOutput(ctx: StageContext, plan: readonly PlannedFit[]): void {
  const { timeline } = ctx;
  const lastEnd = Math.max(0, ...plan.map((line) => line.placedStart + line.placedSeconds));
  if (lastEnd <= timeline.duration) {
    delete timeline.outputDuration;
    return;
  }
  timeline.outputDuration = round2(lastEnd + END_TAIL_SECONDS);
  const extra = (timeline.outputDuration - timeline.duration).toFixed(1);
  const picture = ctx.info?.video ? ', the last frame held' : '';
  ctx.warn(
    'fit',
    `Output ${extra} s longer than the input: the dub needs more time than the media has, so no line is cut ` +
      `(the audio runs on${picture}).`,
  );
}

function round2(value: number): number {
  return Math.ceil(value * 100) / 100;
}

/**
 * A re-render keeps the fitted clip of a line it did not speak again when its tempo is unchanged
 * (an edit elsewhere may still shift it: placement alone, no new audio).
 */
function keepsClip(ctx: StageContext, segment: Segment, tempo: number): boolean {
  return !redoes(ctx.redo, segment) && segment.dubbed !== undefined && segment.fit?.tempo === tempo;
}

/** A stretcher's output can differ from the asked length by a few samples; the plan is exact. */
function exactLength(audio: PcmAudio, seconds: number): PcmAudio {
  const wanted = Math.round(seconds * audio.sampleRate);
  if (audio.samples.length === wanted) return audio;
  const samples = new Float32Array(wanted);
  samples.set(audio.samples.subarray(0, wanted));
  return { samples, sampleRate: audio.sampleRate };
}

function reportOverflow(ctx: StageContext, spoken: Segment[]): void {
  const overflowing = spoken.filter((segment) => fitOf(segment).overflow > 0);
  if (overflowing.length === 0) return;
  ctx.warn(
    'fit',
    `${overflowing.length} of ${spoken.length} dubbed lines are longer than their slot even at ` +
      `${ctx.options.fit.tempoCap}x speed; later lines were moved back so none overlap.`,
  );
}
