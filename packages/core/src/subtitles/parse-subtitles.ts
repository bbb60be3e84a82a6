import { BadInput } from '../errors.js';
import { quoteInput } from '@voxlate/contract';
import type { Cue } from '@voxlate/shared';

const TIMING_LINE = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})(?:\s.*)?$/;

/**
 * Parses SRT or WebVTT text into cues sorted by start. Styling tags are removed and
 * WebVTT NOTE/STYLE/REGION blocks skipped. Throws BadInput naming the first bad line.
 */
export function parseSubtitles(text: string): Cue[] {
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const cue = parseBlock(block);
    if (cue) cues.push(cue);
  }
  if (cues.length === 0) {
    throw new BadInput('The subtitle file has no cues: expected SRT or WebVTT with "start --> end" lines.');
  }
  return cues.sort((a, b) => a.start - b.start);
}

function parseBlock(block: string): Cue | undefined {
  const lines = block.split('\n').filter((line) => line.trim() !== '');
  const timingIndex = lines.findIndex((line) => line.includes('-->'));
  if (timingIndex < 0) return undefined;
  const timingLine = lines[timingIndex]!;
  const match = TIMING_LINE.exec(timingLine);
  if (!match) throw new BadInput(`Unreadable subtitle timing line: ${quoteInput(timingLine)}.`);
  const start = parseTimestamp(match[1]!);
  const end = parseTimestamp(match[2]!);
  if (end <= start) throw new BadInput(`A subtitle cue ends before it starts: ${quoteInput(timingLine)}.`);
  const text = stripTags(lines.slice(timingIndex + 1).join(' ')).trim();
  return text === '' ? undefined : { start, end, text };
}

/** "01:02:03,450", "02:03.450" -> seconds. */
export function parseTimestamp(value: string): number {
  const [clock, fraction = '0'] = value.split(/[.,]/);
  const parts = clock!.split(':').map(Number);
  const seconds = parts.reduce((total, part) => total * 60 + part, 0);
  return seconds + Number(fraction.padEnd(3, '0')) / 1000;
}

function stripTags(text: string): string {
  return text
    .replace(/<[^>]+>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/\s+/g, ' ');
}
