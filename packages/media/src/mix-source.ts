import { createReadStream } from 'node:fs';
import { samplesOfPcm16, type RenderRequest } from '@voxlate/core';
import { argv } from './argv.js';
import { floatFramesOf, wholeFrames } from './float-frames.js';
import { startFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';
import { wavLayout, type WavLayout } from './wav-layout.js';

/** Frames handed to the mix at a time when they are read in the process (about 0.2 s at 48 kHz). */
const CHUNK_FRAMES = 8192;
const PCM_INTEGER = 1;
const PCM_FLOAT = 3;

/** What goes under the dub, as interleaved float frames in the mix's format. */
export interface MixSource {
  frames: AsyncIterable<Float32Array> | Iterable<Float32Array>;
  /** Settles when the source has ended (a decoder's exit; at once for what is read in the process). */
  done: Promise<void>;
  stop(): void;
}

export interface MixStretch {
  sampleRate: number;
  channels: number;
  firstFrame: number;
  totalFrames: number;
}

/**
 * The original (or its separated background, or silence) for the stretch of the output from
 * `firstFrame`, padded with silence to `totalFrames`. Silence, a background already in the mix's
 * format and a 16-bit or float WAV in it are read in the process; anything else is decoded by
 * ffmpeg. A short clip's dub then starts no process to read what it plays under.
 */
export async function openMixSource(
  request: RenderRequest,
  stretch: MixStretch,
  signal: AbortSignal | undefined,
): Promise<MixSource> {
  if (request.silentUnder) return inProcess(silence(stretch));
  const background = request.background;
  if (background) {
    const sameFormat = background.sampleRate === stretch.sampleRate && background.channels === stretch.channels;
    if (sameFormat) return inProcess(fileFrames(background.path, { offset: 0, encoding: 'f32' }, stretch));
  } else {
    const wav = await wavLayout(request.input).catch(() => undefined);
    const encoding = wav && readableWav(wav, stretch);
    if (wav && encoding)
      return inProcess(fileFrames(request.input, { offset: wav.dataOffset, encoding, bytes: wav.dataBytes }, stretch));
  }
  return decoded(request, stretch, signal);
}

function readableWav(wav: WavLayout, stretch: MixStretch): 's16' | 'f32' | undefined {
  if (wav.sampleRate !== stretch.sampleRate || wav.channels !== stretch.channels) return undefined;
  if (wav.formatTag === PCM_INTEGER && wav.bitsPerSample === 16) return 's16';
  if (wav.formatTag === PCM_FLOAT && wav.bitsPerSample === 32) return 'f32';
  return undefined;
}

function inProcess(
  frames: AsyncGenerator<Float32Array, void, undefined> | Generator<Float32Array, void, undefined>,
): MixSource {
  return { frames, done: Promise.resolve(), stop: () => void frames.return(undefined) };
}

function* silence(stretch: MixStretch): Generator<Float32Array, void, undefined> {
  for (let at = 0; at < stretch.totalFrames; at += CHUNK_FRAMES) {
    yield new Float32Array(Math.min(CHUNK_FRAMES, stretch.totalFrames - at) * stretch.channels);
  }
}

/** A file's samples from the stretch's first frame, converted to float, then silence to its end. */
async function* fileFrames(
  path: string,
  layout: { offset: number; encoding: 's16' | 'f32'; bytes?: number },
  stretch: MixStretch,
): AsyncGenerator<Float32Array, void, undefined> {
  const sampleBytes = layout.encoding === 's16' ? 2 : 4;
  const frameBytes = sampleBytes * stretch.channels;
  const start = layout.offset + stretch.firstFrame * frameBytes;
  const wanted = stretch.totalFrames * frameBytes;
  const available = layout.bytes === undefined ? wanted : Math.max(0, layout.bytes - stretch.firstFrame * frameBytes);
  let given = 0;
  if (Math.min(wanted, available) > 0) {
    const end = start + Math.min(wanted, available) - 1;
    const bytes = createReadStream(path, { start, end, highWaterMark: CHUNK_FRAMES * frameBytes });
    const frames =
      layout.encoding === 'f32' ? floatFramesOf(bytes, stretch.channels) : s16FramesOf(bytes, stretch.channels);
    for await (const chunk of frames) {
      given += chunk.length / stretch.channels;
      yield chunk;
    }
  }
  yield* silence({ ...stretch, totalFrames: stretch.totalFrames - given });
}

/** Interleaved 16-bit PCM as whole float frames (full scale 1, as ffmpeg converts it). */
async function* s16FramesOf(bytes: AsyncIterable<Uint8Array>, channels: number): AsyncGenerator<Float32Array> {
  for await (const frames of wholeFrames(bytes, 2 * channels)) yield samplesOfPcm16(new Uint8Array(frames));
}

/** ffmpeg decodes the source from the stretch's start, padded with silence and cut to its length. */
function decoded(request: RenderRequest, stretch: MixStretch, signal: AbortSignal | undefined): MixSource {
  const start = stretch.firstFrame / stretch.sampleRate;
  const seconds = stretch.totalFrames / stretch.sampleRate;
  const pcm = argv`-f f32le -ar ${stretch.sampleRate} -ac ${stretch.channels}`;
  const seek = start > 0 ? argv`-ss ${start}` : [];
  const decoder = startFfmpeg(
    [...seek, ...decoderInput(request), ...argv`-vn -af apad -t ${seconds}`, ...pcm, 'pipe:1'],
    {
      signal,
      stdoutIsData: true,
    },
  );
  return {
    frames: floatFramesOf(decoder.child.stdout!, stretch.channels),
    done: decoder.done,
    stop: () => decoder.child.kill('SIGKILL'),
  };
}

/** ffmpeg input arguments for what goes under the dub: the separated background, or the original. */
function decoderInput(request: RenderRequest): string[] {
  const background = request.background;
  if (!background) return argv`${safeInputArgs()} -i ${request.input} -map 0:a:0`;
  return argv`-f f32le -ar ${background.sampleRate} -ac ${background.channels} -i ${background.path}`;
}
