import { argv } from './argv.js';
import { asMediaError } from './media-error.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';

/**
 * Seconds of audio the first audio stream really holds, counted from its packets (no decoding:
 * a demux pass, tens of milliseconds for a long file), stopping at `upToSeconds`. Headers can
 * claim 5 s for a file that holds hours; packets carry their own timestamps.
 */
export async function measureAudioSeconds(input: string, upToSeconds: number, signal?: AbortSignal): Promise<number> {
  let seconds = 0;
  const args = argv`${safeInputArgs()} -i ${input} -map 0:a:0 -c copy -t ${upToSeconds} -f null -`;
  await runFfmpeg(args, {
    signal,
    expectedSeconds: upToSeconds,
    onProgress: (done) => (seconds = Math.max(seconds, done)),
  }).catch((error: unknown) => {
    throw asMediaError(error, 'The audio could not be read: the file may be corrupt.');
  });
  return seconds;
}
