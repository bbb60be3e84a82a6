import type {
  AudioSource,
  ClipRef,
  ClipStore,
  EngineContext,
  MediaInfo,
  MediaPort,
  MuxRequest,
  NewPicture,
  PcmAudio,
  PcmFile,
  PictureOutcome,
  RenderOutcome,
  RenderRequest,
  FrameRange,
  TimeSpan,
  VideoFrame,
  YuvFrame,
  VideoInfo,
} from '@voxlate/core';
import { readFrames, readYuvFrames } from './frame-reader.js';
import { replaceVideo } from './replace-video.js';
import { burnSubtitles } from './burn-subtitles.js';
import { keepOriginalOutside } from './keep-original.js';
import { muxTracks } from './mux-tracks.js';
import { decodeForAnalysis } from './decode-analysis.js';
import { RawPcmFile } from './raw-pcm-file.js';
import { decodeForSeparation } from './decode-separation.js';
import { readStem } from './read-stem.js';
import { readSourceSpan } from './read-source-span.js';
import { writeDubAnalysis } from './dub-analysis.js';
import { probeMedia } from './probe.js';
import { patchDub } from './render-patch.js';
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
    declared: Promise<MediaInfo>,
    limitSeconds: number,
    context: EngineContext,
  ): Promise<AudioSource> {
    return decodeForAnalysis(input, { declared, limitSeconds, workDir: this.workDir }, context);
  }

  openAnalysis(saved: { path: string; sampleRate: number; duration: number }): AudioSource {
    return new RawPcmFile(saved.path, saved.sampleRate, saved.duration);
  }

  dubAnalysis(lines: readonly { audio: () => Promise<PcmAudio>; at: number }[], seconds: number): Promise<AudioSource> {
    return writeDubAnalysis(lines, seconds, this.workDir);
  }

  decodeForSeparation(
    input: string,
    info: MediaInfo,
    format: { sampleRate: number; channels: number },
    context: EngineContext,
  ): Promise<PcmFile> {
    return decodeForSeparation(input, { info, format, workDir: this.workDir }, context);
  }

  readStem(stem: PcmFile, start: number, end: number): Promise<PcmAudio> {
    return readStem(stem, start, end);
  }

  readSourceSpan(
    input: string,
    span: { start: number; end: number; sampleRate: number },
    context: EngineContext,
  ): Promise<PcmAudio> {
    return readSourceSpan(input, span, this.workDir, context);
  }

  render(request: RenderRequest, context: EngineContext): Promise<RenderOutcome> {
    const load = (ref: ClipRef): Promise<PcmAudio> => this.clips.get(ref);
    const { patch, gainDb } = request;
    if (patch && gainDb !== undefined) return patchDub({ ...request, patch, gainDb }, this.workDir, load, context);
    return renderDub(request, this.workDir, load, context);
  }

  readFrames(input: string, video: VideoInfo, context: EngineContext, range?: FrameRange): AsyncIterable<VideoFrame> {
    return readFrames(input, video, { signal: context.signal, ...(range ? { range } : {}) });
  }

  readPicture(input: string, video: VideoInfo, context: EngineContext, range?: FrameRange): AsyncIterable<YuvFrame> {
    return readYuvFrames(input, video, { signal: context.signal, ...(range ? { range } : {}) });
  }

  replaceVideo(
    output: string,
    video: VideoInfo,
    picture: NewPicture,
    context: EngineContext & { holdLastFrameSeconds?: number },
  ): Promise<PictureOutcome> {
    return replaceVideo(output, video, picture, context);
  }

  muxTracks(request: MuxRequest, context: EngineContext): Promise<void> {
    return muxTracks(request, context);
  }

  keepOriginalOutside(stem: PcmFile, original: PcmFile, span: TimeSpan): Promise<void> {
    return keepOriginalOutside(stem, original, span);
  }

  burnSubtitles(
    output: string,
    info: MediaInfo,
    subtitles: { srt: string; language: string; also?: string },
    context: EngineContext,
  ): Promise<void> {
    return burnSubtitles(output, info, subtitles, this.workDir, context);
  }
}
