import type { TimeSpan, Word } from '@voxlate/core';
import { WORD_OVERRUN_SECONDS } from './word-times.js';

/** One span of speech placed in a window: its source times and where it starts in the window. */
export interface WindowPiece {
  span: number;
  start: number;
  end: number;
  offset: number;
}

export interface SpeechWindow {
  pieces: WindowPiece[];
  /** Seconds of audio in the window (pieces and the silence between them). */
  duration: number;
}

/**
 * Packs consecutive spans into windows of at most `maxSeconds`, each span followed by
 * `gapSeconds` of silence: Whisper always encodes a 30-second window, so one pass over several
 * short spans costs what one pass over a single span would. Silence rather than the audio
 * between spans, so music or noise there cannot be transcribed into the dub.
 */
export function packSpans(spans: readonly TimeSpan[], maxSeconds: number, gapSeconds: number): SpeechWindow[] {
  const windows: SpeechWindow[] = [];
  let current: SpeechWindow = { pieces: [], duration: 0 };
  for (const [index, span] of spans.entries()) {
    const length = span.end - span.start;
    const offset = current.pieces.length === 0 ? 0 : current.duration + gapSeconds;
    if (current.pieces.length > 0 && offset + length > maxSeconds) {
      windows.push(current);
      current = { pieces: [], duration: 0 };
    }
    const at = current.pieces.length === 0 ? 0 : current.duration + gapSeconds;
    current.pieces.push({ span: index, start: span.start, end: span.end, offset: at });
    current.duration = at + length;
  }
  if (current.pieces.length > 0) windows.push(current);
  return windows;
}

/**
 * Words with window times -> words with source times, grouped by span: each word goes to the
 * piece holding its middle, or the nearest piece when it falls in a gap, and is kept inside it.
 * A word that lay well outside its piece is marked approximate.
 */
export function wordsBySpan(words: readonly Word[], window: SpeechWindow): Map<number, Word[]> {
  const grouped = new Map<number, Word[]>(window.pieces.map((piece) => [piece.span, []]));
  for (const word of words) {
    const middle = (word.start + word.end) / 2;
    const piece = nearestPiece(window.pieces, middle);
    const length = piece.end - piece.start;
    const toSource = (t: number): number => piece.start + Math.min(Math.max(t - piece.offset, 0), length);
    const outside =
      word.start < piece.offset - WORD_OVERRUN_SECONDS || word.end > piece.offset + length + WORD_OVERRUN_SECONDS;
    grouped.get(piece.span)!.push({
      text: word.text,
      start: toSource(word.start),
      end: toSource(word.end),
      ...(outside || word.approximate ? { approximate: true as const } : {}),
      ...(word.confidence === undefined ? {} : { confidence: word.confidence }),
    });
  }
  return grouped;
}

function nearestPiece(pieces: readonly WindowPiece[], time: number): WindowPiece {
  const distance = (piece: WindowPiece): number => {
    const end = piece.offset + (piece.end - piece.start);
    return time < piece.offset ? piece.offset - time : time > end ? time - end : 0;
  };
  return pieces.reduce((best, piece) => (distance(piece) < distance(best) ? piece : best));
}
