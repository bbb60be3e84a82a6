import type { LanguageSupport } from './language-support.js';
import { languageInfo } from './languages.js';

/** Subtitle files the service takes as the source text (it refuses larger ones). */
export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;

/** What the creator should know about the chosen source, or nothing when all is well. */
export function sourceNote(support: LanguageSupport, source: string, hasSubtitles: boolean): string | undefined {
  if (hasSubtitles) {
    return source === 'auto' ? 'Choose the language the subtitles are written in.' : undefined;
  }
  if (source === 'auto' || support.heard.length === 0 || support.heard.includes(source)) return undefined;
  const name = languageInfo(source)?.name ?? source;
  return `${name} cannot be recognised here: add a subtitles file (SRT or WebVTT) with what is said.`;
}

/** Checked before sending: what the note says is an error then. */
export function sourceError(support: LanguageSupport, source: string, subtitles: File | undefined): string | undefined {
  return sourceNote(support, source, subtitles !== undefined);
}

/** A subtitles file is SRT or WebVTT text of 2 MB at most. */
export function subtitlesFileError(file: { name: string; size: number }): string | undefined {
  if (!/\.(srt|vtt)$/i.test(file.name)) return 'Subtitles must be an SRT or WebVTT file (.srt or .vtt).';
  if (file.size > MAX_SUBTITLE_BYTES) return 'The subtitle file is larger than 2 MB, the most it may hold.';
  return undefined;
}
