/** Subtitle files as the service writes them and the studio makes them from live captions. */

/** One subtitle cue: times in seconds. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** 75.5 -> "00:01:15,500" (SRT) or "00:01:15.500" (WebVTT). */
export function formatTimestamp(seconds: number, separator: ',' | '.'): string {
  const totalMs = Math.max(0, Math.round(seconds * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const s = totalSeconds % 60;
  const m = Math.floor(totalSeconds / 60) % 60;
  const h = Math.floor(totalSeconds / 3600);
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${separator}${pad(ms, 3)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Cues as SubRip (.srt). */
export function toSrt(cues: readonly Cue[]): string {
  return cues
    .filter((cue) => cue.text.trim() !== '')
    .map(
      (cue, i) =>
        `${i + 1}\n${formatTimestamp(cue.start, ',')} --> ${formatTimestamp(cue.end, ',')}\n${cleanCueText(cue.text)}\n`,
    )
    .join('\n');
}

/** Cues as WebVTT (.vtt). */
export function toWebVtt(cues: readonly Cue[]): string {
  const body = cues
    .filter((cue) => cue.text.trim() !== '')
    .map(
      (cue) => `${formatTimestamp(cue.start, '.')} --> ${formatTimestamp(cue.end, '.')}\n${cleanCueText(cue.text)}\n`,
    )
    .join('\n');
  return `WEBVTT\n\n${body}`;
}

/** A blank line or "-->" inside a cue would end it early in both formats. */
function cleanCueText(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n')
    .replaceAll('-->', '->');
}
