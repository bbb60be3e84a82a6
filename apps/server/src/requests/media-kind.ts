import { MediaUnreadable, requireWithinLength, type MediaInfo } from '@voxlate/core';
import type { Dubber } from '@voxlate/runtime';
import { HttpError } from '../http/http-error.js';

/**
 * The upload's type comes from probing its content, never from the client's MIME type.
 * Audio mode takes audio, or video with an audio track; video modes need a video stream.
 * Media over the maximum duration is refused here too, whatever its header claims.
 */
export async function requireMediaKind(
  dubber: Dubber,
  path: string,
  mode: 'audio' | 'video',
  signal: AbortSignal,
): Promise<MediaInfo> {
  const unreadable = (error: unknown): never => {
    if (error instanceof MediaUnreadable) throw new HttpError(415, `Please upload a valid ${mode} file`);
    throw error;
  };
  const info = await dubber.probe(path, signal).catch(unreadable);
  if (mode === 'video' && !info.video) throw new HttpError(415, 'Please upload a valid video file');
  // Refused before the job is queued or a stream is opened, so the answer is a plain 422. The
  // header is not trusted: the packets are counted too (the pipeline checks again as it decodes).
  const maxSeconds = dubber.config.options.maxDurationSeconds;
  requireWithinLength(maxSeconds, info.durationSeconds);
  const measured = await dubber.measureAudioSeconds(path, maxSeconds + 1, signal).catch(unreadable);
  requireWithinLength(maxSeconds, info.durationSeconds, measured);
  return info;
}
