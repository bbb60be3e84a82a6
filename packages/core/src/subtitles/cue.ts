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
