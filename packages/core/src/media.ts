import type { AudioSource, PcmAudio } from './audio.js';
import type { EngineContext } from './engine.js';
import type { PcmFile } from './separation.js';
import type { ClipRef } from './timeline.js';
import type { FrameRange, NewPicture, PictureOutcome, VideoFrame, YuvFrame } from './lipsync/lip-sync-types.js';
import type { TimeSpan } from './segmentation/segment-speech.js';

export interface MediaInfo {
  durationSeconds: number;
  /** Container name as the demuxer reports it, for example "mov,mp4,m4a,3gp,3g2,mj2". */
  format: string;
  audio: { codec: string; sampleRate: number; channels: number };
  video?: VideoInfo;
}

export interface VideoInfo {
  codec: string;
  /** Coded size; the picture is shown turned by `rotation`. */
  width: number;
  height: number;
  fps: number;
  /** Degrees the picture is turned when shown (a phone held upright: 90 or -90); 0 when none. */
  rotation: number;
  /** The stream's colour tags as ffprobe names them (absent: untagged). */
  colour: { space?: string; range?: string; primaries?: string; transfer?: string };
}

export type OutputContainer = 'wav' | 'mp4';

export interface MixOptions {
  /**
   * How far the original is lowered under dubbed speech, in dB (positive: 24 is 24 dB down). The
   * one sign from the form's `duck_db` through the mixer to the manifest and the result text.
   */
  duckDb: number;
  /** Length of the duck's fade in and out, seconds. */
  fadeSeconds: number;
  /** Integrated loudness target, LUFS. */
  loudnessLufs: number;
  /** True-peak ceiling, dBTP. */
  truePeakDb: number;
}

export const DEFAULT_MIX: MixOptions = {
  duckDb: 24,
  fadeSeconds: 0.12,
  loudnessLufs: -16,
  truePeakDb: -1,
};

export interface PlacedClip {
  ref: ClipRef;
  /** Seconds from the start of the output. */
  start: number;
  /** A gain for this clip alone, dB (a dub of part of a file sets each line to its source line's level). */
  gainDb?: number;
}

export interface RenderRequest {
  input: string;
  /** The dub's language (ISO 639-3): the output's audio track is tagged with it. */
  language?: string;
  info: MediaInfo;
  clips: readonly PlacedClip[];
  mix: MixOptions;
  output: string;
  /**
   * Seconds of the output: the source's length, or more when the dub runs past its end (the
   * audio goes on after the source's, and a video holds its last frame).
   */
  outputSeconds: number;
  container: OutputContainer;
  /** Metadata written into the output (what made it, and that its speech is synthetic). */
  tags: Readonly<Record<string, string>>;
  /**
   * The original's background with the voice taken out: laid under the clips at its own level.
   * Without it the original is ducked under the clips (`mix.duckDb`).
   */
  background?: PcmFile;
  /**
   * Where the original is ducked (without a background): each dubbed line's source speech joined
   * with its dub, so the original voice is never heard over or after a dubbed line that ends
   * before it. Absent: under the clips only.
   */
  duckSpans?: readonly { start: number; end: number }[];
  /** Silence the original over the duck's spans instead of lowering it by `mix.duckDb` (no background). */
  silenceUnderSpeech?: boolean;
  /** Nothing under the clips (a stem of the dub alone): neither the original nor its background. */
  silentUnder?: boolean;
  /**
   * The loudness gain to apply instead of measuring the mix: a re-render of edited lines keeps
   * the first render's, so everything outside the edited lines comes out the same.
   */
  gainDb?: number;
  /** The target subtitles (SRT), carried as a selectable track in an MP4 output. */
  subtitles?: { srt: string; language: string };
  /**
   * Only these stretches of the previous output changed (a re-render of edited lines): the
   * renderer may render them alone and splice them into `previous`, when `gainDb` is given.
   */
  patch?: { previous: string; windows: readonly { start: number; end: number }[] };
}

/** One audio track of a multi-track file: a file (or raw float PCM), its language and title. */
export interface MuxTrack {
  path: string;
  /** Raw interleaved float PCM (a separated stem) rather than a file ffmpeg can probe. */
  raw?: { sampleRate: number; channels: number };
  /** ISO 639-3, or 'zxx' for a track with no speech (the background). */
  language: string;
  title: string;
}

/**
 * A file with several audio tracks, for an editor: the input's picture (when it has one)
 * copied, and each track encoded, tagged with its language and titled; the first is the default.
 */
export interface MuxRequest {
  input: string;
  info: MediaInfo;
  tracks: readonly MuxTrack[];
  output: string;
}

/** What the renderer did to the level: the gain it applied to reach the target (when one gain did). */
export interface RenderOutcome {
  gainDb?: number;
}

/** ffmpeg's side of the pipeline: everything that reads or writes media files. */
export interface MediaPort {
  /** Throws MediaUnreadable or NoAudioStream. */
  probe(input: string, context: EngineContext): Promise<MediaInfo>;
  /**
   * 16 kHz mono for analysis, kept on disk for the job. At most `limitSeconds` + 1 s is decoded,
   * whatever the file declares, and the source's duration is what was really decoded: a file whose
   * header lies about its length can neither run past the limit nor hide audio beyond it. It may
   * start before the probe has answered (`declared`, the probe still running): the two take an
   * ffmpeg start each, about 0.13 s, which a short clip need not wait for twice.
   */
  decodeForAnalysis(
    input: string,
    declared: Promise<MediaInfo>,
    limitSeconds: number,
    context: EngineContext,
  ): Promise<AudioSource>;
  /** Analysis audio decoded by an earlier run of the same job, opened again (see SavedRun). */
  openAnalysis(saved: { path: string; sampleRate: number; duration: number }): AudioSource;
  /**
   * The dubbed lines alone, each at its place (seconds), as 16 kHz analysis audio: the dub as a
   * recogniser hears it. Each line's audio is read when it is placed (one at a time).
   */
  dubAnalysis(lines: readonly { audio: () => Promise<PcmAudio>; at: number }[], seconds: number): Promise<AudioSource>;
  /** The audio at the separator's rate and channels as float PCM in the job's folder, `info`'s length. */
  decodeForSeparation(
    input: string,
    info: MediaInfo,
    format: { sampleRate: number; channels: number },
    context: EngineContext,
  ): Promise<PcmFile>;
  /** Writes a Matroska file (video, or audio alone) with the request's audio tracks. */
  muxTracks(request: MuxRequest, context: EngineContext): Promise<void>;
  /** Writes the original's samples over the stem outside `span` (a dub of part of a file; one format). */
  keepOriginalOutside(stem: PcmFile, original: PcmFile, span: TimeSpan): Promise<void>;
  /** The stem's audio between two times, mixed down to mono at the stem's rate. */
  readStem(stem: PcmFile, start: number, end: number): Promise<PcmAudio>;
  /** The input's audio between two times, mono at `sampleRate` (full band, unlike the analysis audio). */
  readSourceSpan(
    input: string,
    span: { start: number; end: number; sampleRate: number },
    context: EngineContext,
  ): Promise<PcmAudio>;
  /**
   * Lays the clips over the separated background, or ducks the original under them, normalises
   * loudness and writes the output.
   */
  render(request: RenderRequest, context: EngineContext): Promise<RenderOutcome>;
  /**
   * The video's frames one at a time, upright, at its frame rate (frame i shows i / fps), all
   * of them or those of `range`: only the frame in hand is in memory. Ending the loop early
   * stops the decoder.
   */
  readFrames(input: string, video: VideoInfo, context: EngineContext, range?: FrameRange): AsyncIterable<VideoFrame>;
  /** The same frames as the video stores them (4:2:0 YUV, its own matrix and range): for a render. */
  readPicture(input: string, video: VideoInfo, context: EngineContext, range?: FrameRange): AsyncIterable<YuvFrame>;
  /**
   * Replaces the video of `output` (a rendered dub) with `picture`, at the source's size, rate
   * and colour tags; its audio and metadata are copied as they are. Where the source's groups of
   * pictures hold no changed frame they are copied bit for bit, and only the rest re-encoded to
   * H.264 (when the source allows it: the outcome says how much was copied, or why nothing was).
   * `holdLastFrameSeconds`: the dub runs past the source's end, the last frame stays that long.
   */
  replaceVideo(
    output: string,
    video: VideoInfo,
    picture: NewPicture,
    context: EngineContext & { holdLastFrameSeconds?: number },
  ): Promise<PictureOutcome>;
  /**
   * Renders these subtitles into the picture of `output` (re-encoded to H.264; audio, the
   * subtitle track and metadata copied), in a style readable over any picture. `also` names a
   * second language in the text (bilingual subtitles), so the font covers both scripts.
   */
  burnSubtitles(
    output: string,
    info: MediaInfo,
    subtitles: { srt: string; language: string; also?: string },
    context: EngineContext,
  ): Promise<void>;
}

/** Where synthesised clips live between stages (on disk, so long jobs stay small in memory). */
export interface ClipStore {
  put(key: string, audio: PcmAudio): Promise<ClipRef>;
  get(ref: ClipRef): Promise<PcmAudio>;
}
