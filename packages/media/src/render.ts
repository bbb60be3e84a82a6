import { dirname, join } from 'node:path';
import type { ClipRef, EngineContext, PcmAudio, RenderOutcome, RenderRequest } from '@voxlate/core';
import { argv } from './argv.js';
import { DubTrack } from './dub-track.js';
import { DuckEnvelope, decibelsToGain } from './duck-envelope.js';
import { gainThroughLimiter } from './limiter-makeup.js';
import {
  dynamicNormaliseFilter,
  gainToTarget,
  limitedGainFilter,
  limiterWillAct,
  parseEbur128Summary,
  type LoudnessMeasurement,
} from './loudness.js';
import { asMediaError } from './media-error.js';
import { runFfmpeg, startFfmpeg, type FfmpegRun } from './run-ffmpeg.js';
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
 * Streams the original audio (or its separated background) through Node, ducks the original
 * under the dubbed clips (the background stays at its level) and adds them,
 * writes the mix to the job folder while ffmpeg measures its loudness, then normalises
 * and encodes the output. Memory stays bounded by one chunk and the clips in play.
 */
export async function renderDub(
  request: RenderRequest,
  workDir: string,
  loadClip: (ref: ClipRef) => Promise<PcmAudio>,
  context: EngineContext,
): Promise<RenderOutcome> {
  const format = mixFormatFor(request);
  const mixPath = join(workDir, 'mix.wav');
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
): Promise<LoudnessMeasurement | undefined> {
  const pcmArgs = ['-f', 'f32le', '-ar', String(format.sampleRate), '-ac', String(format.channels)];
  const seconds = request.outputSeconds;
  const decoderArgs = [...sourceArgs(request), ...argv`-vn -af apad=whole_dur=${seconds} -t ${seconds}`];
  const decoder = startFfmpeg([...decoderArgs, ...pcmArgs, 'pipe:1'], {
    signal: context.signal,
    stdoutIsData: true,
  });
  // The mix is written as float WAV while a second branch measures its loudness.
  const measure = 'asplit=2[keep][measure];[measure]ebur128=peak=true:framelog=verbose[measured]';
  const writerArgs = argv`${pcmArgs} -i pipe:0 -filter_complex ${measure}
    -map [keep] -c:a pcm_f32le ${mixPath} -map [measured] -f null -`;
  const writer = startFfmpeg(writerArgs, {
    signal: context.signal,
  });
  await mixBetween(
    request,
    format,
    { decoder, writer },
    {
      firstFrame: 0,
      totalFrames: Math.round(seconds * format.sampleRate),
      loadClip,
      onProgress: (done, total) => context.onProgress?.(MIX_SHARE * done, total),
    },
  );
  return parseEbur128Summary(writer.stderr());
}

/**
 * Streams the decoded original (or background) from `decoder` through the duck and the dub into
 * `writer`, for the frames from `firstFrame` on (the whole file, or a re-rendered stretch); only
 * the clips heard there are loaded. One side failing stops the other, so nothing is left
 * running or waiting on a pipe.
 */
export async function mixBetween(
  request: RenderRequest,
  format: MixFormat,
  ffmpeg: { decoder: FfmpegRun; writer: FfmpegRun },
  job: {
    firstFrame: number;
    totalFrames: number;
    loadClip: (ref: ClipRef) => Promise<PcmAudio>;
    onProgress: (done: number, total: number) => void;
  },
): Promise<void> {
  const { decoder, writer } = ffmpeg;
  const { mix } = request;
  const spans = [
    ...request.clips.map((clip) => ({ start: clip.start, end: clip.start + clip.ref.duration })),
    ...(request.duckSpans ?? []),
  ];
  // The separated background has no voice left to hide: it stays at its own level.
  const underSpeech = request.background ? 1 : request.silenceUnderSpeech ? 0 : decibelsToGain(mix.duckDb);
  const envelope = new DuckEnvelope(spans, underSpeech, mix.fadeSeconds);
  const first = job.firstFrame / format.sampleRate;
  const last = (job.firstFrame + job.totalFrames) / format.sampleRate;
  const heard = request.clips.filter((clip) => clip.start < last && clip.start + clip.ref.duration > first);
  const track = new DubTrack(heard, format.sampleRate, job.loadClip);
  const pump = pumpMix(decoder.child.stdout!, writer.child.stdin!, {
    format,
    envelope,
    track,
    firstFrame: job.firstFrame,
    totalFrames: job.totalFrames,
    onProgress: job.onProgress,
  });
  try {
    await Promise.all([pump, decoder.done, writer.done]);
  } catch (error) {
    decoder.child.kill('SIGKILL');
    writer.child.kill('SIGKILL');
    writer.child.stdin?.destroy();
    await pump.catch(() => undefined);
    throw error;
  }
}

/** ffmpeg input arguments for what goes under the dub: the separated background, or the original. */
export function sourceArgs(request: RenderRequest): string[] {
  if (request.silentUnder) return argv`-f lavfi -i anullsrc`;
  const background = request.background;
  if (!background) return argv`${safeInputArgs()} -i ${request.input} -map 0:a:0`;
  return argv`-f f32le -ar ${background.sampleRate} -ac ${background.channels} -i ${background.path}`;
}

/**
 * Ducks and adds the dub into the decoded original as it streams from `source` to `sink`;
 * `firstFrame` is where the stream starts in the media (0, or a re-rendered stretch's start).
 */
async function pumpMix(
  source: NodeJS.ReadableStream,
  sink: NodeJS.WritableStream,
  job: {
    format: MixFormat;
    envelope: DuckEnvelope;
    track: DubTrack;
    firstFrame: number;
    totalFrames: number;
    onProgress: (done: number, total: number) => void;
  },
): Promise<void> {
  const { format, envelope, track, totalFrames, firstFrame } = job;
  const frameBytes = 4 * format.channels;
  let carry = Buffer.alloc(0);
  let frame = firstFrame;
  try {
    for await (const data of source) {
      const bytes = carry.length > 0 ? Buffer.concat([carry, data as Buffer]) : (data as Buffer);
      const usable = bytes.length - (bytes.length % frameBytes);
      carry = Buffer.from(bytes.subarray(usable));
      const chunk = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + usable));
      applyEnvelope(chunk, format, frame, envelope);
      await track.addInto(chunk, format.channels, frame);
      frame += chunk.length / format.channels;
      if (!sink.write(Buffer.from(chunk.buffer))) await waitForDrain(sink);
      job.onProgress(Math.min(frame - firstFrame, totalFrames), totalFrames);
    }
  } finally {
    sink.end();
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

function waitForDrain(sink: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      sink.removeListener('drain', done);
      sink.removeListener('close', done);
      sink.removeListener('error', done);
      resolve();
    };
    sink.once('drain', done);
    sink.once('close', done);
    sink.once('error', done);
  });
}

async function encodeOutput(
  request: RenderRequest,
  format: MixFormat,
  mixPath: string,
  measurement: LoudnessMeasurement | undefined,
  context: EngineContext,
): Promise<RenderOutcome> {
  const { filter, gainDb } = await normaliseFilter(request, format, mixPath, measurement, context);
  const encodeStart = MIX_SHARE + LIMITER_CHECK_SHARE;
  const audioOut = ['-af', filter, '-ar', String(format.sampleRate)];
  const video = request.container === 'mp4' ? request.info.video : undefined;
  // The default two-loop AAC coder took 4.6 s per minute of audio here; "fast" about a third less.
  const tags = Object.entries(request.tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  const track = video ? await subtitleTrackArgs(request, dirname(mixPath), 2) : { input: [], output: [] };
  const args = video
    ? argv`${safeInputArgs()} -i ${request.input} -i ${mixPath} ${track.input} -map 0:v:0 -map 1:a:0 ${track.output} ${videoCodecArgs(video.codec, heldSeconds(request))}
        ${audioOut} ${audioLanguageArgs(request.language)} -c:a aac -aac_coder fast -b:a 192k ${tags} -movflags +faststart -f mp4 ${request.output}`
    : argv`-i ${mixPath} ${audioOut} -c:a pcm_s16le ${tags} -write_bext 1 -f wav ${request.output}`;
  await runFfmpeg(args, {
    signal: context.signal,
    expectedSeconds: request.outputSeconds,
    onProgress: (done, total) => context.onProgress?.(encodeStart + (1 - encodeStart) * (done / total), 1),
  });
  return gainDb === undefined ? {} : { gainDb };
}

/**
 * The loudness filter: one linear gain to the target, and a limiter under the true-peak
 * ceiling. Where the limiter will take a noticeable share (peaky speech), the gain is
 * raised by what it takes, measured on the mix itself.
 */
async function normaliseFilter(
  request: RenderRequest,
  format: MixFormat,
  mixPath: string,
  measurement: LoudnessMeasurement | undefined,
  context: EngineContext,
): Promise<{ filter: string; gainDb?: number }> {
  const target = { lufs: request.mix.loudnessLufs, truePeakDb: request.mix.truePeakDb };
  const gain = (gainDb: number): { filter: string; gainDb: number } => ({
    filter: limitedGainFilter(target, gainDb, format.sampleRate),
    gainDb,
  });
  if (request.gainDb !== undefined) return gain(request.gainDb);
  if (!measurement) return { filter: dynamicNormaliseFilter(target) };
  const gainDb = gainToTarget(target, measurement);
  if (!limiterWillAct(target, measurement, gainDb)) return gain(gainDb);
  const madeUp = await gainThroughLimiter(mixPath, target, gainDb, {
    sampleRate: format.sampleRate,
    expectedSeconds: request.outputSeconds,
    context,
    onProgress: (share) => context.onProgress?.(MIX_SHARE + LIMITER_CHECK_SHARE * share, 1),
  });
  return gain(madeUp);
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
