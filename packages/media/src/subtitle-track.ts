import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RenderRequest } from '@voxlate/core';
import { mp4LanguageOf } from './track-language.js';

/**
 * The dub's subtitles as a selectable MP4 track: written as SRT beside the job's files, added as
 * input `inputIndex` and stored as mov_text, tagged with the language and marked default, so
 * players that follow the mark show them at once (subtitles were asked for). Empty when the
 * request has no subtitles.
 */
export async function subtitleTrackArgs(
  request: RenderRequest,
  workDir: string,
  inputIndex: number,
): Promise<{ input: string[]; output: string[] }> {
  const subtitles = request.subtitles;
  if (!subtitles || subtitles.srt.trim() === '') return { input: [], output: [] };
  const path = join(workDir, 'subtitles.srt');
  await writeFile(path, subtitles.srt);
  const language = mp4LanguageOf(subtitles.language);
  return {
    input: ['-f', 'srt', '-i', path],
    output: [
      ...['-map', `${inputIndex}:s:0`, '-c:s', 'mov_text'],
      ...['-metadata:s:s:0', `language=${language}`, '-disposition:s:0', 'default'],
    ],
  };
}
