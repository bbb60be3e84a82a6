import type { VideoInfo } from '@voxlate/core';
import { freeParameterSetId } from './h264-units.js';
import { cleanCuts, pictureRuns, type PictureRun } from './picture-runs.js';
import type { SourceStream } from './source-packets.js';

/** How a changed picture is written: its unchanged groups copied, or (and why) re-encoded whole. */
export type CopyPlan =
  | { runs: PictureRun[]; groups: number; parameterSetId: number; x264Profile: string }
  | { wholeBecause: string; groups: number };

/** The source's H.264 profiles x264 can encode a matching stretch in. */
const X264_PROFILES: Readonly<Record<string, string>> = {
  'Constrained Baseline': 'baseline',
  Baseline: 'baseline',
  Main: 'main',
  High: 'high',
};

/**
 * Decides which of the source's groups of pictures are copied as they are: possible when the
 * source is 8-bit 4:2:0 H.264 at a constant rate, shown unturned, with its parameter sets in
 * its header (so the re-encoded stretches can carry theirs under other ids). `changed` lists
 * the frames that change, ascending; a held last frame (`holdSeconds`) makes the last group new.
 */
export function copyPlan(
  stream: SourceStream,
  video: VideoInfo,
  changed: readonly number[],
  holdSeconds: number,
): CopyPlan {
  const cuts = cleanCuts(stream.packets);
  const groups = cuts.length + 1;
  const whole = (because: string): CopyPlan => ({ wholeBecause: because, groups });
  if (stream.codec !== 'h264')
    return whole(`the source's picture is ${stream.codec || 'of an unknown codec'}, not H.264`);
  const x264Profile = X264_PROFILES[stream.profile];
  if (!x264Profile) return whole(`the source's H.264 profile (${stream.profile || 'unknown'}) is not one x264 encodes`);
  if (stream.pixelFormat !== 'yuv420p' && stream.pixelFormat !== 'yuvj420p') {
    return whole(`the source's pixels are ${stream.pixelFormat || 'of an unknown format'}, not 8-bit 4:2:0`);
  }
  if (video.rotation !== 0) return whole('the source is shown turned (the new stretches are encoded upright)');
  if (!isConstantRate(stream, video.fps)) return whole("the source's frame rate is not constant");
  const parameterSetId = stream.avc ? freeParameterSetId(stream.avc) : undefined;
  if (parameterSetId === undefined) return whole("the source's parameter sets are not in its header");
  const runs = pictureRuns(cuts, stream.packets.length, changed, holdSeconds > 0);
  if (runs.every((run) => run.encode)) return whole('every group of pictures holds a changed frame');
  return { runs, groups, parameterSetId, x264Profile };
}

/**
 * Frame i shows i / fps after the first, to a quarter of a frame, all through: what the frame
 * reader's numbering assumes. A rate given as an average (30.12 for frames 1/30 s apart) drifts a
 * frame in a few hundred and fails, as does any gap or jitter.
 */
function isConstantRate(stream: SourceStream, fps: number): boolean {
  if (!(fps > 0) || !(stream.timeBase > 0) || stream.packets.length === 0) return false;
  const times = stream.packets.map((packet) => packet.pts * stream.timeBase).sort((a, b) => a - b);
  const first = times[0]!;
  return times.every((time, i) => Math.abs(time - first - i / fps) <= 0.25 / fps);
}
