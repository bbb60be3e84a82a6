import { formatTimestamp, type Cue } from './cue.js';

export function toSrt(cues: readonly Cue[]): string {
  return cues
    .filter((cue) => cue.text.trim() !== '')
    .map(
      (cue, i) =>
        `${i + 1}\n${formatTimestamp(cue.start, ',')} --> ${formatTimestamp(cue.end, ',')}\n${cleanCueText(cue.text)}\n`,
    )
    .join('\n');
}

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
