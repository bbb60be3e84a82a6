import { join } from 'node:path';
import type { EngineContext, MediaInfo } from '@voxlate/core';
import { argv } from './argv.js';
import { RawPcmFile } from './raw-pcm-file.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';
import { asMediaError } from './media-error.js';

export const ANALYSIS_SAMPLE_RATE = 16000;

/** Decodes the first audio stream to 16 kHz mono s16le in the job's folder. */
export async function decodeForAnalysis(
  input: string,
  info: MediaInfo,
  workDir: string,
  context: EngineContext,
): Promise<RawPcmFile> {
  const path = join(workDir, 'analysis-16k.s16le');
  const args = argv`${safeInputArgs()} -i ${input} -map 0:a:0 -vn -ac 1 -ar ${ANALYSIS_SAMPLE_RATE} -f s16le ${path}`;
  await runFfmpeg(args, {
    signal: context.signal,
    expectedSeconds: info.durationSeconds,
    onProgress: context.onProgress,
  }).catch((error: unknown) => {
    throw asMediaError(error, 'The audio could not be decoded: the file may be corrupt.');
  });
  return new RawPcmFile(path, ANALYSIS_SAMPLE_RATE, info.durationSeconds);
}
