import type {
  AudioSource,
  ClipStore,
  EngineContext,
  MediaInfo,
  MediaPort,
  PcmFile,
  RenderRequest,
} from '@voxlate/core';
import { decodeForAnalysis } from './decode-analysis.js';
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

  decodeForSeparation(
    input: string,
    info: MediaInfo,
    format: { sampleRate: number; channels: number },
    context: EngineContext,
  ): Promise<PcmFile> {
    return decodeForSeparation(input, { info, format, workDir: this.workDir }, context);
  }

  render(request: RenderRequest, context: EngineContext): Promise<void> {
    return renderDub(request, this.workDir, (ref) => this.clips.get(ref), context);
  }
}
