import type { EngineContext } from '@voxlate/core';
import { argv } from './argv.js';
import { asMediaError } from './media-error.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';

/** The first audio stream as 16-bit WAV at its own rate (up to 48 kHz) and up to two channels. */
export async function audioToWav(input: string, output: string, context: EngineContext = {}): Promise<void> {
  const args = argv`${safeInputArgs()} -i ${input} -map 0:a:0 -vn -ac 2 -c:a pcm_s16le -f wav ${output}`;
  await runFfmpeg(args, { signal: context.signal }).catch((error: unknown) => {
    throw asMediaError(error, 'The audio could not be decoded: the file may be corrupt.');
  });
}
