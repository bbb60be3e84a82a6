import type {
  AudioSource,
  ClipStore,
  EngineContext,
  MediaInfo,
  MediaPort,
  PcmFile,
  RenderOutcome,
  RenderRequest,
  FrameRange,
  VideoFrame,
  VideoInfo,
} from '@voxlate/core';
import { readFrames } from './frame-reader.js';
import { replaceVideo } from './replace-video.js';
import { decodeForAnalysis } from './decode-analysis.js';
import { RawPcmFile } from './raw-pcm-file.js';
import { decodeForSeparation } from './decode-separation.js';
import { probeMedia } from './probe.js';
import { renderDub } from './render.js';

/** MediaPort on the system's ffmpeg/ffprobe, writing its intermediate files in one job folder. */
export class FfmpegMedia implements MediaPort {
  constructor(
    private readonly workDir: string,
    private readonly clips: ClipStore,
  ) {}

  probe(input: string, context: EngineContext): Promise<MediaInfo> {
    return probeMedia(input, context.signal);
  }

  decodeForAnalysis(
    input: string,
    info: MediaInfo,
    limitSeconds: number,
    context: EngineContext,
  ): Promise<AudioSource> {
    return decodeForAnalysis(input, { info, limitSeconds, workDir: this.workDir }, context);
  }

  openAnalysis(saved: { path: string; sampleRate: number; duration: number }): AudioSource {
    return new RawPcmFile(saved.path, saved.sampleRate, saved.duration);
  }

  decodeForSeparation(
    input: string,
    info: MediaInfo,
    format: { sampleRate: number; channels: number },
    context: EngineContext,
  ): Promise<PcmFile> {
    return decodeForSeparation(input, { info, format, workDir: this.workDir }, context);
  }

  render(request: RenderRequest, context: EngineContext): Promise<RenderOutcome> {
    return renderDub(request, this.workDir, (ref) => this.clips.get(ref), context);
  }

  readFrames(input: string, video: VideoInfo, context: EngineContext, range?: FrameRange): AsyncIterable<VideoFrame> {
    return readFrames(input, video, { signal: context.signal, ...(range ? { range } : {}) });
  }

  replaceVideo(
    output: string,
    video: VideoInfo,
    frames: AsyncIterable<VideoFrame>,
    context: EngineContext,
  ): Promise<void> {
    return replaceVideo(output, video, frames, context);
  }
}
