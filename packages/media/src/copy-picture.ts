import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineContext, NewPicture, PictureOutcome, VideoInfo } from '@voxlate/core';
import { argv } from './argv.js';
import { encodePicture } from './encode-picture.js';
import type { CopyPlan } from './picture-copy-plan.js';
import type { PictureRun } from './picture-runs.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { runProcess } from './run-process.js';
import { safeInputArgs } from './safe-input.js';

type CopyRuns = Extract<CopyPlan, { runs: PictureRun[] }>;

/** An engine context, and the seconds the last frame is held past the source's end. */
export type ReplaceVideoContext = EngineContext & { holdLastFrameSeconds?: number };

/**
 * Smart rendering: the source's stream is cut at the clean cuts between runs and the runs with
 * no changed frame are copied packet for packet (their frames decode bit-identical to the
 * source's); only the runs holding a changed frame are encoded, by x264 in the source's profile
 * with parameter sets under an id of their own. The stretches are joined into one track that
 * carries every stretch's parameter sets before its keyframes (`avc3`), so a decoder switches
 * between them at each cut; the dub's audio, subtitles and metadata are copied beside it.
 */
export async function copyUnchangedGroups(
  output: string,
  staged: string,
  parts: string,
  video: VideoInfo,
  picture: NewPicture,
  plan: CopyRuns,
  context: ReplaceVideoContext,
): Promise<PictureOutcome | undefined> {
  await mkdir(parts, { recursive: true });
  await splitSource(picture.source, plan.runs, parts, context.signal);
  const encodedFrames = await encodeRuns(video, picture, plan, parts, context);
  const hold = context.holdLastFrameSeconds ?? 0;
  const list = join(parts, 'list.txt');
  await writeFile(list, concatList(plan.runs, video.fps, hold));
  await runFfmpeg(
    argv`-f concat -safe 0 -auto_convert 1 -i ${list} -i ${output} -map 0:v:0 -map 1:a:0 -map 1:s? -map_metadata 1
      -c copy -tag:v avc3 -movflags +faststart -f mp4 ${staged}`,
    { signal: context.signal },
  );
  const frames = plan.runs.at(-1)!.end;
  // A source whose timing the plan misread would join with frames lost or doubled: then the
  // caller re-encodes the whole picture instead of handing out a picture out of step.
  if (!sameFrameCount(await videoPackets(staged, context.signal), frames + Math.round(hold * video.fps))) {
    return undefined;
  }
  const copied = plan.runs.filter((run) => !run.encode);
  return {
    frames,
    encodedFrames,
    groups: plan.groups,
    copiedGroups: copied.reduce((sum, run) => sum + run.groups, 0),
  };
}

/** The video packets in a file, counted by ffprobe (no decoding). */
async function videoPackets(file: string, signal: AbortSignal | undefined): Promise<number> {
  const args = ['-v', 'error', '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets'];
  const { stdout } = await runProcess('ffprobe', [...args, '-of', 'csv=p=0', file], { signal });
  return Number(stdout.trim());
}

/** Within a frame of the expected count (a held last frame's length is rounded by the encoder). */
function sameFrameCount(joined: number, expected: number): boolean {
  return Math.abs(joined - expected) <= 1;
}

/** Run i's file: cut from the source, or (for a run to encode) written by the encoder. */
const copiedPart = (parts: string, i: number): string => join(parts, `part-${String(i).padStart(5, '0')}.mp4`);
const encodedPart = (parts: string, i: number): string => join(parts, `run-${String(i).padStart(5, '0')}.mp4`);

/**
 * The source's stream cut at each run's first frame (the segment muxer cuts only at keyframes,
 * and each run starts on a clean one), one file a run. The concat demuxer that joins them
 * writes each part's parameter sets before its keyframes (its auto_convert, on by default), so
 * a copied part decodes after a stretch with other sets.
 */
async function splitSource(
  source: string,
  runs: readonly PictureRun[],
  parts: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const cuts = runs.slice(1).map((run) => run.first);
  await runFfmpeg(
    argv`${safeInputArgs()} -i ${source} -map 0:v:0 -c copy -f segment
      -segment_frames ${cuts.join(',')} -reset_timestamps 1 -segment_format mp4 ${join(parts, 'part-%05d.mp4')}`,
    { signal },
  );
}

/** Encodes the runs that hold a changed frame, in turn; returns how many frames were encoded. */
async function encodeRuns(
  video: VideoInfo,
  picture: NewPicture,
  plan: CopyRuns,
  parts: string,
  context: ReplaceVideoContext,
): Promise<number> {
  const total = plan.runs.reduce((sum, run) => sum + (run.encode ? run.end - run.first : 0), 0);
  const hold = context.holdLastFrameSeconds ?? 0;
  let encoded = 0;
  for (const [i, run] of plan.runs.entries()) {
    if (!run.encode) continue;
    await encodePicture(picture.frames({ first: run.first, end: run.end }), encodedPart(parts, i), video, {
      holdSeconds: i === plan.runs.length - 1 ? hold : 0,
      signal: context.signal,
      stretch: { profile: plan.x264Profile, parameterSetId: plan.parameterSetId },
      onFrame: () => {
        encoded++;
        context.onProgress?.(encoded, total);
      },
    });
  }
  return encoded;
}

/**
 * The concat demuxer's list: each run's file and its length in frames at the video's rate (a
 * copied part's own header can say a few milliseconds more, which would open a gap at the join).
 */
function concatList(runs: readonly PictureRun[], fps: number, holdSeconds: number): string {
  return runs
    .map((run, i) => {
      const file = run.encode ? encodedPart('.', i) : copiedPart('.', i);
      const hold = i === runs.length - 1 && run.encode ? holdSeconds : 0;
      return `file '${file}'\nduration ${((run.end - run.first) / fps + hold).toFixed(6)}\n`;
    })
    .join('');
}
