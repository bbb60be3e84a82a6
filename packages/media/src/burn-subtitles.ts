import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineContext, MediaInfo } from '@voxlate/core';
import { argv } from './argv.js';
import { asMediaError } from './media-error.js';
import { colourTags, LIP_SYNC_ENCODING } from './encode-picture.js';
import { runFfmpeg } from './run-ffmpeg.js';

/** Chinese, Japanese and Korean need a CJK font (Debian's fonts-wqy-zenhei); DejaVu Sans covers Latin, Greek and Cyrillic. */
const CJK = new Set(['cmn', 'yue', 'jpn', 'kor']);

/**
 * The broadcast look, in libass units (an SRT is laid out on a 288-line canvas scaled to the
 * picture): white text at 1/18 of the height with a black outline and a soft shadow, readable
 * over bright and dark pictures alike, bottom centre, lifted off the edge.
 */
export function burnStyle(...languages: string[]): string {
  // WenQuanYi Zen Hei has Latin letters too: it covers a bilingual cue of either kind.
  const font = languages.some((language) => CJK.has(language)) ? 'WenQuanYi Zen Hei' : 'DejaVu Sans';
  return [
    `FontName=${font}`,
    'FontSize=16',
    'PrimaryColour=&H00FFFFFF',
    'OutlineColour=&H00000000',
    'BackColour=&H80000000',
    'BorderStyle=1',
    'Outline=1.5',
    'Shadow=0.8',
    'Alignment=2',
    'MarginV=18',
  ].join(',');
}

/**
 * Renders `subtitles` into `output`'s picture: re-encoded with x264 as lip sync does, audio, the
 * subtitle track and metadata copied. Written beside it and renamed over it only when complete,
 * so a failure or a cancel leaves the dub as it was.
 */
export async function burnSubtitles(
  output: string,
  info: MediaInfo,
  subtitles: { srt: string; language: string; also?: string },
  workDir: string,
  context: EngineContext,
): Promise<void> {
  const srt = join(workDir, 'burn-in.srt');
  const staged = `${output}.burn.mp4`;
  try {
    await writeFile(srt, subtitles.srt);
    const filter = `subtitles=filename=${filterValue(srt)}:charenc=UTF-8:force_style=${filterValue(burnStyle(subtitles.language, ...(subtitles.also ? [subtitles.also] : [])))}`;
    await runFfmpeg(
      argv`-i ${output} -map 0 -map_metadata 0 -c copy -vf ${filter} -c:v libx264
        -preset ${LIP_SYNC_ENCODING.preset} -crf ${LIP_SYNC_ENCODING.crf} -pix_fmt yuv420p ${info.video ? colourTags(info.video) : []}
        -movflags +faststart -f mp4 ${staged}`,
      { signal: context.signal, expectedSeconds: info.durationSeconds, onProgress: context.onProgress },
    );
    await rename(staged, output);
  } catch (error) {
    throw asMediaError(error, 'The subtitles could not be burned into the picture.');
  } finally {
    await rm(staged, { force: true });
    await rm(srt, { force: true });
  }
}

/**
 * A value inside a filtergraph, escaped at both levels ffmpeg reads it: quoted as a filter
 * option, then escaped for the graph (a path with ':' or ',' would otherwise split the filter).
 */
function filterValue(value: string): string {
  const quoted = `'${value.replace(/'/g, "'\\''")}'`;
  return quoted.replace(/[\\'[\],;]/g, (character) => `\\${character}`);
}
