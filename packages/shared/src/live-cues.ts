import type { Cue } from './subtitle-files.js';

/** A final live line, and where its dubbed speech played (seconds of the stream), if it did. */
export interface LiveLineHeard {
  start: number;
  end: number;
  sourceText: string;
  targetText: string;
  played?: { start: number; seconds: number };
}

/**
 * A live session's subtitles: the source lines where they were spoken, and the translations
 * where their dubbed speech plays (where the line was spoken when it has no speech). The CLI and
 * the studio write a session's subtitle files from these.
 */
export function liveCues(lines: readonly LiveLineHeard[]): { source: Cue[]; target: Cue[] } {
  const heard = lines.filter((line) => line.sourceText !== '');
  return {
    source: heard.map((line) => ({ start: line.start, end: line.end, text: line.sourceText })),
    target: heard
      .filter((line) => line.targetText.trim() !== '')
      .map((line) =>
        line.played
          ? { start: line.played.start, end: line.played.start + line.played.seconds, text: line.targetText }
          : { start: line.start, end: line.end, text: line.targetText },
      ),
  };
}
