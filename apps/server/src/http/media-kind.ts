import { MediaUnreadable, TooLong, type MediaInfo } from '@voxlate/core';
import type { Dubber } from '@voxlate/runtime';
import { HttpError } from './http-error.js';

/**
 * The upload's type comes from probing its content, never from the client's MIME type.
 * Audio mode takes audio, or video with an audio track; video modes need a video stream.
 * Media over the maximum duration is refused here too.
 */
export async function requireMediaKind(
  dubber: Dubber,
  path: string,
  mode: 'audio' | 'video',
  signal: AbortSignal,
): Promise<MediaInfo> {
  let info: MediaInfo;
  try {
    info = await dubber.probe(path, signal);
  } catch (error) {
    if (error instanceof MediaUnreadable) throw new HttpError(415, `Please upload a valid ${mode} file`);
    throw error;
  }
  if (mode === 'video' && !info.video) throw new HttpError(415, 'Please upload a valid video file');
  // Refused before the job is queued or a stream is opened, so the answer is a plain 422.
  const maxSeconds = dubber.config.options.maxDurationSeconds;
  if (info.durationSeconds > maxSeconds) throw new TooLong(info.durationSeconds, maxSeconds);
  return info;
}
