import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Cancelled, type EngineContext, type MediaInfo } from '@voxlate/core';
import { argv } from './argv.js';
import { RawPcmFile } from './raw-pcm-file.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';
import { asMediaError } from './media-error.js';
import { wavLayout, type WavLayout } from './wav-layout.js';

export const ANALYSIS_SAMPLE_RATE = 16000;
const BYTES_PER_SAMPLE = 2;
/** Decoded past the limit, so that audio beyond it is seen rather than cut off silently. */
const PAST_LIMIT_SECONDS = 1;

/**
 * Decodes the first audio stream to 16 kHz mono s16le in the job's folder, never more than
 * `limitSeconds` + 1 s of it (`-t`), whatever the file declares (a WAV already in that format is
 * copied instead). The duration of the result is
 * measured from the decoded samples, not taken from the header. It starts while the file is still
 * being probed (`declared`): progress is reported once the declared length is known.
 */
export async function decodeForAnalysis(
  input: string,
  job: { declared: Promise<MediaInfo>; limitSeconds: number; workDir: string },
  context: EngineContext,
): Promise<RawPcmFile> {
  const path = join(job.workDir, 'analysis-16k.s16le');
  const cap = job.limitSeconds + PAST_LIMIT_SECONDS;
  let expectedSeconds = 0;
  job.declared.then(
    (info) => (expectedSeconds = Math.min(info.durationSeconds, cap)),
    () => undefined,
  );
  const wav = await wavLayout(input).catch(() => undefined);
  if (wav && isAnalysisFormat(wav)) {
    // Already what recognition reads: its samples are copied, no decoder started.
    const bytes = Math.min(wav.dataBytes, Math.floor(cap * ANALYSIS_SAMPLE_RATE) * BYTES_PER_SAMPLE);
    await copyBytes(input, { start: wav.dataOffset, length: bytes - (bytes % BYTES_PER_SAMPLE) }, path, context.signal);
    return new RawPcmFile(path, ANALYSIS_SAMPLE_RATE, bytes / BYTES_PER_SAMPLE / ANALYSIS_SAMPLE_RATE);
  }
  const args = argv`${safeInputArgs()} -i ${input} -map 0:a:0 -vn -t ${cap} -ac 1 -ar ${ANALYSIS_SAMPLE_RATE} -f s16le ${path}`;
  await runFfmpeg(args, {
    signal: context.signal,
    expectedSeconds: () => expectedSeconds,
    onProgress: context.onProgress,
  }).catch((error: unknown) => {
    throw asMediaError(error, 'The audio could not be decoded: the file may be corrupt.');
  });
  const { size } = await stat(path);
  return new RawPcmFile(path, ANALYSIS_SAMPLE_RATE, size / BYTES_PER_SAMPLE / ANALYSIS_SAMPLE_RATE);
}

function isAnalysisFormat(wav: WavLayout): boolean {
  return (
    wav.formatTag === 1 && wav.bitsPerSample === 16 && wav.channels === 1 && wav.sampleRate === ANALYSIS_SAMPLE_RATE
  );
}

/** `length` bytes of `input` from `start`, written to `output`; an abort stops the copy. */
async function copyBytes(
  input: string,
  span: { start: number; length: number },
  output: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const from =
    span.length > 0
      ? createReadStream(input, { start: span.start, end: span.start + span.length - 1 })
      : Readable.from([]);
  await pipeline(from, createWriteStream(output), signal ? { signal } : {}).catch((error: unknown) => {
    throw signal?.aborted ? new Cancelled() : error;
  });
}
