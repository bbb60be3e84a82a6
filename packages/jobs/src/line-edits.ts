import { BadInput, NotFound, type SavedRun, type Segment } from '@voxlate/core';
import type { EditedLines } from './job-record.js';

/** Longest text accepted for one line, in characters (a line is seconds of speech, not pages). */
export const MAX_LINE_CHARACTERS = 2000;

export interface LineEdit {
  sourceText?: string;
  targetText?: string;
  /** Who says the line: one of the job's speakers, or a new one (the contract checks the id's form). */
  speaker?: string;
}

/**
 * Applies a creator's edit of one line to the job's current run: the text or the speaker changes,
 * the line is marked to be spoken again (a moved line in its new speaker's voice), and a line
 * whose original text changed without a translation given is marked to be translated again.
 * Returns the lines edited since the last render.
 */
export function applyLineEdit(
  current: SavedRun,
  edited: EditedLines | undefined,
  segmentId: number,
  edit: LineEdit,
): EditedLines {
  const segment = current.timeline.segments.find((candidate) => candidate.id === segmentId);
  if (!segment) throw new NotFound(`The job has no line ${segmentId}.`);
  const lines = new Set(edited?.lines ?? []);
  const retranslate = new Set(edited?.retranslate ?? []);
  if (edit.sourceText !== undefined) segment.sourceText = checkedText(edit.sourceText, 'source_text');
  if (edit.targetText !== undefined) {
    segment.targetText = checkedText(edit.targetText, 'target_text');
    // The creator's own translation wins over translating the new original again.
    retranslate.delete(segmentId);
  } else if (edit.sourceText !== undefined) retranslate.add(segmentId);
  if (edit.speaker !== undefined && edit.speaker !== (segment.speaker ?? 'S1')) {
    segment.speaker = edit.speaker;
    segment.speakerChosen = true;
  }
  lines.add(segmentId);
  const sorted = (values: Set<number>): number[] => [...values].sort((a, b) => a - b);
  return { lines: sorted(lines), retranslate: sorted(retranslate) };
}

function checkedText(text: string, field: string): string {
  const trimmed = text.trim();
  if (trimmed.length > MAX_LINE_CHARACTERS) {
    throw new BadInput(`"${field}" is too long: at most ${MAX_LINE_CHARACTERS} characters a line.`);
  }
  return trimmed;
}

/** Seconds of source the lines cover: what a re-dub of them is charged (not the whole media). */
export function secondsOfLines(segments: readonly Segment[], lines: Iterable<number>): number {
  const wanted = new Set(lines);
  return segments
    .filter((segment) => wanted.has(segment.id))
    .reduce((sum, segment) => sum + segment.end - segment.start, 0);
}
