import { MediaUnreadable, requireWithinLength, UnsupportedMediaType, type MediaInfo } from '@voxlate/core';
import type { Dubber } from '@voxlate/dubber';

/**
 * The upload's type comes from probing its content, never from the client's MIME type.
 * Audio mode takes audio, or video with an audio track; video modes need a video stream.
 * Media over the maximum duration is refused here too, whatever its header claims: the
 * packets are counted while the file is probed (two process starts side by side rather than
 * one after the other, on a path a warm short clip takes). The probe's answer comes first.
 */
export async function requireMediaKind(
  dubber: Dubber,
  path: string,
  mode: 'audio' | 'video',
  signal: AbortSignal,
): Promise<MediaInfo> {
  const unreadable = (error: unknown): never => {
    if (error instanceof MediaUnreadable) throw new UnsupportedMediaType(`Please upload a valid ${mode} file`);
    throw error;
  };
  const maxSeconds = dubber.config.options.maxDurationSeconds;
  const counting = new AbortController();
  const measuring = dubber.measureAudioSeconds(path, maxSeconds + 1, AbortSignal.any([signal, counting.signal]));
  // Answered below, after the probe's: not an unhandled rejection meanwhile.
  measuring.catch(() => undefined);
  try {
    const info = await dubber.probe(path, signal).catch(unreadable);
    if (mode === 'video' && !info.video) throw new UnsupportedMediaType('Please upload a valid video file');
    // Refused before the job is queued or a stream is opened, so the answer is a plain 422. The
    // header is not trusted: the packets are counted too (the pipeline checks again as it decodes).
    requireWithinLength(maxSeconds, info.durationSeconds);
    const measured = await measuring.catch(unreadable);
    requireWithinLength(maxSeconds, info.durationSeconds, measured);
    return info;
  } catch (error) {
    // No ffmpeg is left counting for a request that has been answered.
    counting.abort();
    await measuring.catch(() => undefined);
    throw error;
  }
}
