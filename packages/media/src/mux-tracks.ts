import type { EngineContext, MuxRequest } from '@voxlate/core';
import { argv } from './argv.js';
import { asMediaError } from './media-error.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';

/**
 * Matroska's language tags are ISO 639-2 (bibliographic): ours are ISO 639-3, the same three
 * letters for most; Mandarin and Cantonese are "chi" there, and a track with no speech "zxx".
 */
const MATROSKA_LANGUAGE: Readonly<Record<string, string>> = {
  cmn: 'chi',
  yue: 'chi',
  fra: 'fre',
  deu: 'ger',
  ell: 'gre',
};

/**
 * A Matroska file for an editor: the input's picture copied (none for audio), and each track
 * as FLAC (lossless, so a stem stays as rendered), tagged with its language and titled, the
 * first marked default.
 */
export async function muxTracks(request: MuxRequest, context: EngineContext): Promise<void> {
  const video = request.info.video !== undefined;
  const inputs = request.tracks.flatMap((track) =>
    track.raw
      ? argv`-f f32le -ar ${track.raw.sampleRate} -ac ${track.raw.channels} -i ${track.path}`
      : argv`${safeInputArgs()} -i ${track.path}`,
  );
  const maps = request.tracks.flatMap((_, i) => ['-map', `${i + 1}:a:0`]);
  const tags = request.tracks.flatMap((track, i) => [
    ...['-metadata:s:a:' + i, `language=${MATROSKA_LANGUAGE[track.language] ?? track.language}`],
    ...['-metadata:s:a:' + i, `title=${track.title}`],
    ...['-disposition:a:' + i, i === 0 ? 'default' : '0'],
  ]);
  const picture = video ? argv`-map 0:v:0 -c:v copy` : [];
  const args = [
    ...argv`${safeInputArgs()} -i ${request.input}`,
    ...inputs,
    ...picture,
    ...maps,
    ...argv`-c:a flac -t ${request.info.durationSeconds}`,
    ...tags,
    ...argv`-f matroska ${request.output}`,
  ];
  await runFfmpeg(args, {
    signal: context.signal,
    expectedSeconds: request.info.durationSeconds,
    ...(context.onProgress ? { onProgress: context.onProgress } : {}),
  }).catch((error: unknown) => {
    throw asMediaError(error, 'The multi-track file could not be written.');
  });
}
