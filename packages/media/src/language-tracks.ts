import type { EngineContext } from '@voxlate/core';
import { argv } from './argv.js';
import { asMediaError } from './media-error.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';
import { mp4LanguageOf } from './track-language.js';

/** The rate and channels of each language's audio in a publishing package (what YouTube takes). */
const PACKAGE_RATE = 48_000;

/** One language's audio for a multi-language file: the first audio stream of `path`. */
export interface LanguageTrack {
  path: string;
  /** ISO 639-3; tagged as MP4 players read it (ISO 639-2/T, Chinese as zho). */
  language: string;
  title: string;
}

/**
 * One MP4 with the picture once (copied from `video`) and an audio track per language, each
 * AAC, tagged with its language and titled, padded or cut to the picture's length; `defaultTrack`
 * is the one players start with. The index goes first, so a browser starts playing at once.
 */
export async function writeLanguagesMp4(
  request: { video: string; tracks: readonly LanguageTrack[]; defaultTrack: number; seconds: number; output: string },
  context: EngineContext = {},
): Promise<void> {
  const { tracks, seconds } = request;
  const inputs = tracks.flatMap((track) => argv`${safeInputArgs()} -i ${track.path}`);
  const maps = tracks.flatMap((_, i) => ['-map', `${i + 1}:a:0`]);
  const perTrack = tracks.flatMap((track, i) => [
    ...[`-filter:a:${i}`, 'apad'],
    ...[`-metadata:s:a:${i}`, `language=${mp4LanguageOf(track.language)}`],
    // MP4 keeps a track's name as its handler name (a title is dropped there).
    ...[`-metadata:s:a:${i}`, `handler_name=${track.title}`],
    ...[`-disposition:a:${i}`, i === request.defaultTrack ? 'default' : '0'],
  ]);
  const args = [
    ...argv`${safeInputArgs()} -i ${request.video}`,
    ...inputs,
    ...argv`-map 0:v:0 -c:v copy`,
    ...maps,
    ...argv`-c:a aac -b:a 192k -ar ${PACKAGE_RATE} -ac 2`,
    ...perTrack,
    ...argv`-t ${seconds.toFixed(3)} -movflags +faststart -f mp4 ${request.output}`,
  ];
  await runFfmpeg(args, { signal: context.signal, expectedSeconds: seconds }).catch((error: unknown) => {
    throw asMediaError(error, 'The multi-language MP4 could not be written.');
  });
}

/**
 * A language's audio alone, exactly `seconds` long (to the sample, padded with silence or cut),
 * as 48 kHz stereo 16-bit WAV: what YouTube Studio takes as a language's audio track for a video.
 */
export async function writeExactLengthWav(
  input: string,
  seconds: number,
  output: string,
  context: EngineContext = {},
): Promise<void> {
  const samples = Math.round(seconds * PACKAGE_RATE);
  const filter = `aresample=${PACKAGE_RATE},apad=whole_len=${samples},atrim=end_sample=${samples}`;
  const args = argv`${safeInputArgs()} -i ${input} -map 0:a:0 -vn -af ${filter} -ac 2 -ar ${PACKAGE_RATE}
    -c:a pcm_s16le -f wav ${output}`;
  await runFfmpeg(args, { signal: context.signal, expectedSeconds: seconds }).catch((error: unknown) => {
    throw asMediaError(error, 'A language’s audio could not be written at the video’s length.');
  });
}
