import { dirname, join } from 'node:path';
import type { ClipRef, EngineContext, PcmAudio, RenderOutcome, RenderRequest } from '@voxlate/core';
import { argv } from './argv.js';
import { DubTrack } from './dub-track.js';
import { DuckEnvelope, decibelsToGain } from './duck-envelope.js';
import { floatFramesOfFile } from './float-frames.js';
import { gainThroughLimiter } from './limiter-makeup.js';
import { gainToTarget, limiterFor, limiterWillAct, type LoudnessMeasurement } from './loudness.js';
import { LoudnessMeter } from './loudness-meter.js';
import { asMediaError } from './media-error.js';
import { limitedEncoderSink, limitedWavSink, meteredFileSink, pipeFrames, type MixSink } from './mix-sink.js';
import { openMixSource } from './mix-source.js';
import { startFfmpeg, type FfmpegRun } from './run-ffmpeg.js';
import { WavWriter, wavFits, wavWriterTakes } from './wav-writer.js';
import { safeInputArgs } from './safe-input.js';
import { subtitleTrackArgs } from './subtitle-track.js';
import { audioLanguageArgs } from './track-language.js';

/** Video codecs an MP4 can carry as they are; anything else is re-encoded to H.264. */
const MP4_VIDEO_CODECS = new Set(['h264', 'hevc', 'mpeg4', 'av1', 'vp9']);
const MIX_SHARE = 0.8;
/** The share of the render spent measuring the mix through the limiter, when that is needed. */
const LIMITER_CHECK_SHARE = 0.05;

export interface MixFormat {
  sampleRate: number;
  channels: number;
}

/** The mix keeps the original's rate (up to 48 kHz) and up to two channels. */
export function mixFormatFor(request: RenderRequest): MixFormat {
  return {
    sampleRate: Math.min(48000, Math.max(16000, request.info.audio.sampleRate)),
    channels: Math.min(2, Math.max(1, request.info.audio.channels)),
  };
}

/**
 * Reads the original audio (or its separated background) in the process where it can (ffmpeg
 * decodes the rest), ducks the original under the dubbed clips (the background stays at its
 * level) and adds them, writes the mix to the job folder as raw float while measuring its
 * loudness, then limits it to the target in the process and writes a WAV itself (or has ffmpeg
 * encode the output).
 * Memory stays bounded by one chunk and the clips in play.
 */
export async function renderDub(
  request: RenderRequest,
  workDir: string,
  loadClip: (ref: ClipRef) => Promise<PcmAudio>,
  context: EngineContext,
): Promise<RenderOutcome> {
  const format = mixFormatFor(request);
  const mixPath = join(workDir, 'mix.f32');
  const measurement = await mixToFile(request, format, mixPath, loadClip, context).catch((error: unknown) => {
    throw asMediaError(error, 'The audio could not be mixed: the source could not be decoded.');
  });
  return encodeOutput(request, format, mixPath, measurement, context).catch((error: unknown) => {
    throw asMediaError(error, 'The dubbed file could not be encoded.');
  });
}

async function mixToFile(
  request: RenderRequest,
  format: MixFormat,
  mixPath: string,
  loadClip: (ref: ClipRef) => Promise<PcmAudio>,
  context: EngineContext,
): Promise<LoudnessMeasurement> {
  const meter = new LoudnessMeter(format.sampleRate, format.channels);
  await mixBetween(request, format, meteredFileSink(mixPath, meter), {
    firstFrame: 0,
    totalFrames: Math.round(request.outputSeconds * format.sampleRate),
    loadClip,
    signal: context.signal,
    onProgress: (done, total) => context.onProgress?.(MIX_SHARE * done, total),
  });
  return meter.result();
}

/**
 * Streams what goes under the dub through the duck and the dub into `sink`, for the frames from
 * `firstFrame` on (the whole file, or a re-rendered stretch); only the clips heard there are
 * loaded. One side failing stops the other, so nothing is left running or waiting on a pipe.
 */
export async function mixBetween(
  request: RenderRequest,
  format: MixFormat,
  sink: MixSink,
  job: {
    firstFrame: number;
    totalFrames: number;
    loadClip: (ref: ClipRef) => Promise<PcmAudio>;
    signal: AbortSignal | undefined;
    onProgress: (done: number, total: number) => void;
  },
): Promise<void> {
  const { mix } = request;
  const spans = [
    ...request.clips.map((clip) => ({ start: clip.start, end: clip.start + clip.ref.duration })),
    ...(request.duckSpans ?? []),
  ];
  // The separated background has no voice left to hide: it stays at its own level.
  const underSpeech = request.background ? 1 : request.silenceUnderSpeech ? 0 : decibelsToGain(-mix.duckDb);
  const envelope = new DuckEnvelope(spans, underSpeech, mix.fadeSeconds);
  const first = job.firstFrame / format.sampleRate;
  const last = (job.firstFrame + job.totalFrames) / format.sampleRate;
  const heard = request.clips.filter((clip) => clip.start < last && clip.start + clip.ref.duration > first);
  const track = new DubTrack(heard, format.sampleRate, job.loadClip);
  const stretch = { ...format, firstFrame: job.firstFrame, totalFrames: job.totalFrames };
  const source = await openMixSource(request, stretch, job.signal).catch((error: unknown) => {
    sink.abort();
    throw error;
  });
  const piped = pipeFrames(mixedFrames(source.frames, { format, envelope, track, ...job }), sink, job);
  try {
    await Promise.all([piped, source.done]);
  } catch (error) {
    source.stop();
    sink.abort();
    await piped.catch(() => undefined);
    throw error;
  }
}

/**
 * The source's frames with the original ducked and the dub added, as they come; `firstFrame` is
 * where the stream starts in the media (0, or a re-rendered stretch's start). Progress is told
 * once each chunk has been taken.
 */
async function* mixedFrames(
  source: AsyncIterable<Float32Array> | Iterable<Float32Array>,
  job: {
    format: MixFormat;
    envelope: DuckEnvelope;
    track: DubTrack;
    firstFrame: number;
    totalFrames: number;
    onProgress: (done: number, total: number) => void;
  },
): AsyncGenerator<Float32Array, void, undefined> {
  const { format, envelope, track, totalFrames, firstFrame } = job;
  let frame = firstFrame;
  for await (const chunk of source) {
    applyEnvelope(chunk, format, frame, envelope);
    await track.addInto(chunk, format.channels, frame);
    frame += chunk.length / format.channels;
    yield chunk;
    job.onProgress(Math.min(frame - firstFrame, totalFrames), totalFrames);
  }
}

function applyEnvelope(chunk: Float32Array, format: MixFormat, startFrame: number, envelope: DuckEnvelope): void {
  const frames = chunk.length / format.channels;
  for (let i = 0; i < frames; i++) {
    const gain = envelope.gainAt((startFrame + i) / format.sampleRate);
    if (gain === 1) continue;
    for (let c = 0; c < format.channels; c++) chunk[i * format.channels + c]! *= gain;
  }
}

async function encodeOutput(
  request: RenderRequest,
  format: MixFormat,
  mixPath: string,
  measurement: LoudnessMeasurement,
  context: EngineContext,
): Promise<RenderOutcome> {
  const gainDb = await loudnessGain(request, format, mixPath, measurement, context);
  const target = { lufs: request.mix.loudnessLufs, truePeakDb: request.mix.truePeakDb };
  const limiter = limiterFor(target, gainDb, format);
  const encodeStart = MIX_SHARE + LIMITER_CHECK_SHARE;
  const totalSamples = Math.round(request.outputSeconds * format.sampleRate) * format.channels;
  let written = 0;
  const onChunk = (samples: number): void => {
    written += samples;
    context.onProgress?.(encodeStart + (1 - encodeStart) * Math.min(1, written / Math.max(1, totalSamples)), 1);
  };
  const inProcess = request.container === 'wav' && wavWriterTakes(request.tags) && wavFits(totalSamples, 1);
  const sink = inProcess
    ? limitedWavSink(limiter, await WavWriter.create(request.output, format, request.tags))
    : limitedEncoderSink(limiter, await startEncoder(request, format, dirname(mixPath), context));
  await pipeFrames(floatFramesOfFile(mixPath, format.channels), sink, {
    signal: context.signal,
    ...(inProcess ? { onChunk } : {}),
  });
  return { gainDb };
}

/** ffmpeg encoding the limited mix from its input (and, for a video, muxing it with the copied picture). */
async function startEncoder(
  request: RenderRequest,
  format: MixFormat,
  workDir: string,
  context: EngineContext,
): Promise<FfmpegRun> {
  const encodeStart = MIX_SHARE + LIMITER_CHECK_SHARE;
  const pcm = argv`-f f32le -ar ${format.sampleRate} -ac ${format.channels} -i pipe:0`;
  const video = request.container === 'mp4' ? request.info.video : undefined;
  // The default two-loop AAC coder took 4.6 s per minute of audio here; "fast" about a third less.
  const tags = Object.entries(request.tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  const track = video ? await subtitleTrackArgs(request, workDir, 2) : { input: [], output: [] };
  const args = video
    ? argv`${safeInputArgs()} -i ${request.input} ${pcm} ${track.input} -map 0:v:0 -map 1:a:0 ${track.output} ${videoCodecArgs(video.codec, heldSeconds(request))}
        ${audioLanguageArgs(request.language)} -c:a aac -aac_coder fast -b:a 192k ${tags} -movflags +faststart -f mp4 ${request.output}`
    : argv`${pcm} -c:a pcm_s16le ${tags} -write_bext 1 -f wav ${request.output}`;
  return startFfmpeg(args, {
    signal: context.signal,
    expectedSeconds: request.outputSeconds,
    onProgress: (done, total) => context.onProgress?.(encodeStart + (1 - encodeStart) * (done / total), 1),
  });
}

/**
 * The loudness gain: one linear gain to the target (a limiter then holds the peaks under the
 * true-peak ceiling). Where the limiter will take a noticeable share (peaky speech), the gain
 * is raised by what it takes, measured on the mix itself. A re-render keeps the first gain.
 */
async function loudnessGain(
  request: RenderRequest,
  format: MixFormat,
  mixPath: string,
  measurement: LoudnessMeasurement,
  context: EngineContext,
): Promise<number> {
  if (request.gainDb !== undefined) return request.gainDb;
  const target = { lufs: request.mix.loudnessLufs, truePeakDb: request.mix.truePeakDb };
  const gainDb = gainToTarget(target, measurement);
  if (!limiterWillAct(target, measurement, gainDb)) return gainDb;
  return gainThroughLimiter(mixPath, target, gainDb, {
    format,
    totalFrames: Math.round(request.outputSeconds * format.sampleRate),
    signal: context.signal,
    onProgress: (share) => context.onProgress?.(MIX_SHARE + LIMITER_CHECK_SHARE * share, 1),
  });
}

/** Seconds the output runs past the source's end: a video holds its last frame that long. */
export function heldSeconds(request: RenderRequest): number {
  const extra = request.outputSeconds - request.info.durationSeconds;
  return extra > 0.001 ? extra : 0;
}

/**
 * The picture is copied as it is when the container takes its codec and it need not grow;
 * otherwise it is encoded to H.264, holding its last frame for the seconds the dub runs on.
 */
function videoCodecArgs(codec: string, holdSeconds: number): string[] {
  if (MP4_VIDEO_CODECS.has(codec) && holdSeconds === 0) return ['-c:v', 'copy'];
  const hold = holdSeconds > 0 ? ['-vf', `tpad=stop_mode=clone:stop_duration=${holdSeconds.toFixed(3)}`] : [];
  return [...hold, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'];
}
