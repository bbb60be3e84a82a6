import type { RecognisedSpan, Word } from '@voxlate/core';

/** What sherpa-onnx's online recogniser gives for a line (its result JSON, and the seconds it was fed). */
export interface LinePieces {
  text: string;
  /** Word pieces; one that starts a word begins with a space (sherpa's rendering of BPE's "▁"). */
  tokens: string[];
  /** When each piece was emitted, seconds from the line's start (40 ms steps). */
  timestamps: number[];
  /** Each piece's log probability (modified beam search gives them; greedy search leaves this empty). */
  ys_probs?: number[];
  /** The seconds of audio the line had. */
  seconds: number;
}

/** A word's end when nothing follows it sooner: a piece is emitted near a word's start, so allow most of a long word. */
const WORD_SPAN_AFTER_LAST_PIECE = 0.36;

/** Han characters (and the CJK punctuation around them), each its own word. */
const HAN = /^[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/**
 * Joins word pieces into words: a piece that starts with a space, or a Han character, starts a
 * word; the others continue the one before. A word runs from its first piece to the next word's
 * first piece, at most `WORD_SPAN_AFTER_LAST_PIECE` after its last one. Its confidence is its least
 * sure piece's probability. Text is lower-cased: the English model spells in capitals, as its
 * LibriSpeech transcripts do, and translation reads "HELLO" as a name.
 */
export function spanOfPieces(line: LinePieces): RecognisedSpan {
  const groups: { text: string; start: number; last: number; logProb: number | undefined }[] = [];
  line.tokens.forEach((token, i) => {
    const time = line.timestamps[i] ?? 0;
    const logProb = line.ys_probs?.[i];
    const piece = token.trim().toLowerCase();
    if (!piece) return;
    const current = groups.at(-1);
    if (!current || token.startsWith(' ') || HAN.test(piece) || HAN.test(current.text)) {
      groups.push({ text: piece, start: time, last: time, logProb });
      return;
    }
    current.text += piece;
    current.last = time;
    if (logProb !== undefined) current.logProb = Math.min(current.logProb ?? 0, logProb);
  });
  const words: Word[] = groups.map((group, i) => {
    const next = groups[i + 1]?.start ?? line.seconds;
    const end = Math.max(group.start, Math.min(next, group.last + WORD_SPAN_AFTER_LAST_PIECE, line.seconds));
    return {
      text: group.text,
      start: group.start,
      end,
      ...(group.logProb === undefined ? {} : { confidence: Math.exp(group.logProb) }),
    };
  });
  return { text: line.text.trim().toLowerCase(), words };
}
