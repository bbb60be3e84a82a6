import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineContext, MediaInfo, PcmFile } from '@voxlate/core';
import { argv } from './argv.js';
import { asMediaError } from './media-error.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';

const BYTES_PER_SAMPLE = 4;

/**
 * Decodes the first audio stream to interleaved float PCM at the separator's rate and channel
 * count, padded or cut to the media's length (the ingest stage has settled that length, the
 * limit included), in the job's folder. Mono sources are copied to both channels.
 */
export async function decodeForSeparation(
  input: string,
  job: { info: MediaInfo; format: { sampleRate: number; channels: number }; workDir: string },
  context: EngineContext,
): Promise<PcmFile> {
  const { sampleRate, channels } = job.format;
  const seconds = job.info.durationSeconds;
  const path = join(job.workDir, `separation-input-${sampleRate}-${channels}ch.f32le`);
  const args = argv`${safeInputArgs()} -i ${input} -map 0:a:0 -vn -af apad=whole_dur=${seconds} -t ${seconds}
    -ac ${channels} -ar ${sampleRate} -f f32le ${path}`;
  await runFfmpeg(args, { signal: context.signal, expectedSeconds: seconds, onProgress: context.onProgress }).catch(
    (error: unknown) => {
      throw asMediaError(error, 'The audio could not be decoded for separation: the file may be corrupt.');
    },
  );
  const { size } = await stat(path);
  return { path, sampleRate, channels, frames: size / BYTES_PER_SAMPLE / channels };
}
