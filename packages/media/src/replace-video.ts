import { rename, rm } from 'node:fs/promises';
import { throwIfAborted, type NewPicture, type PictureOutcome, type VideoInfo } from '@voxlate/core';
import { copyUnchangedGroups, type ReplaceVideoContext } from './copy-picture.js';
import { asMediaError } from './media-error.js';
import { copyPlan, type CopyPlan } from './picture-copy-plan.js';
import { encodePicture } from './encode-picture.js';
import { readSourceStream } from './source-packets.js';

/**
 * Replaces `output`'s picture with `picture` while copying its audio and metadata: written
 * beside it and renamed over it only when complete, so a failure or a cancel leaves the dub as
 * it was. Groups of pictures with no changed frame are copied from the source as they are (see
 * copy-picture.ts); when the source does not allow that, every frame is re-encoded.
 */
export async function replaceVideo(
  output: string,
  video: VideoInfo,
  picture: NewPicture,
  context: ReplaceVideoContext,
): Promise<PictureOutcome> {
  const staged = `${output}.lipsync.mp4`;
  const parts = `${output}.lipsync-parts`;
  try {
    const outcome = await writePicture(output, staged, parts, video, picture, context);
    await rename(staged, output);
    return outcome;
  } catch (error) {
    throw asMediaError(error, 'The lip-synced video could not be encoded.');
  } finally {
    await rm(staged, { force: true });
    await rm(parts, { recursive: true, force: true });
  }
}

async function writePicture(
  output: string,
  staged: string,
  parts: string,
  video: VideoInfo,
  picture: NewPicture,
  context: ReplaceVideoContext,
): Promise<PictureOutcome> {
  const hold = context.holdLastFrameSeconds ?? 0;
  const plan = await planFor(video, picture, hold, context.signal);
  const copied =
    'runs' in plan ? await copyUnchangedGroups(output, staged, parts, video, picture, plan, context) : undefined;
  if (copied) return copied;
  const wholeBecause = 'runs' in plan ? 'the copied groups did not join frame for frame' : plan.wholeBecause;
  return wholePicture(
    output,
    staged,
    video,
    picture,
    { groups: plan.groups, frames: plan.frames, wholeBecause },
    context,
  );
}

/** Every frame re-encoded, the dub's audio copied beside it. */
async function wholePicture(
  output: string,
  staged: string,
  video: VideoInfo,
  picture: NewPicture,
  plan: { groups: number; frames: number; wholeBecause: string },
  context: ReplaceVideoContext,
): Promise<PictureOutcome> {
  const hold = context.holdLastFrameSeconds ?? 0;
  let frames = 0;
  const expected = Math.max(1, plan.frames);
  await encodePicture(picture.frames(), staged, video, {
    audioFrom: output,
    holdSeconds: hold,
    signal: context.signal,
    onFrame: () => {
      frames++;
      context.onProgress?.(Math.min(frames, expected), expected);
    },
  });
  return { frames, encodedFrames: frames, groups: plan.groups, copiedGroups: 0, wholeBecause: plan.wholeBecause };
}

/** The copy plan, or (when the source's packets cannot even be listed) a whole re-encode that says why. */
async function planFor(
  video: VideoInfo,
  picture: NewPicture,
  holdSeconds: number,
  signal: AbortSignal | undefined,
): Promise<CopyPlan & { frames: number }> {
  try {
    const stream = await readSourceStream(picture.source, signal);
    return { ...copyPlan(stream, video, picture.changed, holdSeconds), frames: stream.packets.length };
  } catch {
    throwIfAborted(signal);
    return { wholeBecause: "the source's packets could not be listed", groups: 1, frames: 0 };
  }
}
