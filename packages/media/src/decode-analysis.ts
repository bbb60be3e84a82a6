import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineContext, MediaInfo } from '@voxlate/core';
import { argv } from './argv.js';
import { RawPcmFile } from './raw-pcm-file.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';
import { asMediaError } from './media-error.js';

export const ANALYSIS_SAMPLE_RATE = 16000;
const BYTES_PER_SAMPLE = 2;
/** Decoded past the limit, so that audio beyond it is seen rather than cut off silently. */
const PAST_LIMIT_SECONDS = 1;

/**
 * Decodes the first audio stream to 16 kHz mono s16le in the job's folder, never more than
 * `limitSeconds` + 1 s of it (`-t`), whatever the file declares. The duration of the result is
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
