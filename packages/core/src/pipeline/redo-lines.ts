import type { Segment } from '../timeline.js';
import type { SavedRun } from './saved-run.js';

/**
 * A re-render after lines were edited: the finished run it starts from (its Timeline already
 * carrying the edits), the lines to speak again, and among them those whose source text changed
 * and so must be translated again. Everything else (the media, speech found, speakers, the
 * other lines' clips) is taken from `base` as it is.
 */
export interface RedoLines {
  base: SavedRun;
  lines: ReadonlySet<number>;
  retranslate: ReadonlySet<number>;
  /** The output the base run made: the mix only renders what changed and splices it in. */
  previousOutput?: string;
}

/** Whether a per-line stage works on this segment in this run (every line outside a re-render). */
export function redoes(redo: RedoLines | undefined, segment: Segment): boolean {
  return redo === undefined || redo.lines.has(segment.id);
}

/** Whether the translate stage translates this segment in this run. */
export function retranslates(redo: RedoLines | undefined, segment: Segment): boolean {
  return redo === undefined || redo.retranslate.has(segment.id);
}
