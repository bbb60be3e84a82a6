import { LIVE_LINE_PADDING_SECONDS } from '@voxlate/shared';
import type { VoiceFrame } from './voice-frames.js';

export type { VoiceFrame };

/** A line of the stream closed for recognition, translation and dubbing. */
export interface LiveLineSpan {
  start: number;
  end: number;
  /** What closed it: a pause, the length limit (the speaker did not pause), or the end of the stream. */
  closedBy: 'pause' | 'length' | 'end';
}

export interface EndpointSettings {
  /** A pause this long ends a line. */
  pauseSeconds: number;
  /** A line is cut at this length even if the speaker never pauses. */
  longestSeconds: number;
  /** A line cut for length is cut at the quietest frame of its last this-many seconds (between words). */
  cutSearchSeconds: number;
  /** Less speech than this (a cough, a click) makes no line. */
  leastSpeechSeconds: number;
  /** Kept before the first and after the last speech frame, so that onsets and tails are heard. */
  paddingSeconds: number;
}

/**
 * Short enough to keep the lag near two seconds (a pause of 0.45 s ends a line), long enough not
 * to split a sentence at every breath; 8 s bounds the wait when a speaker runs on.
 */
export const LIVE_ENDPOINTS: EndpointSettings = {
  pauseSeconds: 0.45,
  longestSeconds: 8,
  cutSearchSeconds: 2,
  leastSpeechSeconds: 0.25,
  paddingSeconds: LIVE_LINE_PADDING_SECONDS,
};

/**
 * Decides, frame by frame as audio arrives, where a live line ends: at a pause, or, for a
 * speaker who does not pause, at the quietest moment near the length limit, the rest going into
 * the next line so that no speech falls between two lines. Pure and synchronous: it sees only
 * the frames it is given.
 */
export class LineEndpointer {
  private lineStart: number | undefined;
  private lastSpeechEnd = 0;
  private now = 0;
  /** The end of the last line closed: the next never starts before it. */
  private floor = 0;
  /** The frames of the open line (for the cut search and its amount of speech). */
  private frames: VoiceFrame[] = [];

  constructor(private readonly settings: EndpointSettings = LIVE_ENDPOINTS) {}

  /** The line being heard now (for partial captions), if any. */
  get open(): { start: number; end: number } | undefined {
    return this.lineStart === undefined ? undefined : { start: this.padded(this.lineStart), end: this.now };
  }

  /** Takes the next frame; returns the lines it closed (usually none, at most one). */
  push(frame: VoiceFrame): LiveLineSpan[] {
    this.now = frame.start + frame.seconds;
    if (frame.speech) {
      this.lineStart ??= frame.start;
      this.lastSpeechEnd = this.now;
    }
    if (this.lineStart === undefined) return [];
    this.frames.push(frame);
    if (!frame.speech && this.now - this.lastSpeechEnd >= this.settings.pauseSeconds) return this.close('pause');
    if (this.now - this.lineStart >= this.settings.longestSeconds) return this.cutForLength();
    return [];
  }

  /** The end of the stream: the open line, if it holds speech, is closed. */
  finish(): LiveLineSpan[] {
    return this.lineStart === undefined ? [] : this.close('end');
  }

  private close(closedBy: LiveLineSpan['closedBy']): LiveLineSpan[] {
    const line = {
      start: this.padded(this.lineStart!),
      end: Math.min(this.now, this.lastSpeechEnd + this.settings.paddingSeconds),
      closedBy,
    };
    const enough = speechIn(this.frames) >= this.settings.leastSpeechSeconds;
    this.lineStart = undefined;
    this.frames = [];
    if (!enough) return [];
    this.floor = line.end;
    return [line];
  }

  /** Cuts the open line at its quietest recent frame; the frames after the cut open the next line. */
  private cutForLength(): LiveLineSpan[] {
    const from = this.now - this.settings.cutSearchSeconds;
    const candidates = this.frames.filter((frame) => frame.start >= from);
    const quietest = candidates.reduce((best, frame) => (quietness(frame) > quietness(best) ? frame : best));
    const cut = quietest.start + quietest.seconds;
    const kept = this.frames.filter((frame) => frame.start < cut);
    const line = { start: this.padded(this.lineStart!), end: cut, closedBy: 'length' as const };
    this.floor = cut;
    this.frames = this.frames.filter((frame) => frame.start >= cut);
    const nextSpeech = this.frames.find((frame) => frame.speech);
    // The next line starts right at the cut, so that nothing between the two lines is lost.
    this.lineStart = nextSpeech ? cut : undefined;
    if (!nextSpeech) this.frames = [];
    return speechIn(kept) >= this.settings.leastSpeechSeconds ? [line] : [];
  }

  /** A line starts a little before its first speech, but never inside the line before it. */
  private padded(start: number): number {
    return Math.max(this.floor, start - this.settings.paddingSeconds);
  }
}

function speechIn(frames: readonly VoiceFrame[]): number {
  return frames.reduce((sum, frame) => sum + (frame.speech ? frame.seconds : 0), 0);
}

/** Silence first, then the lowest level: where cutting splits no word. */
function quietness(frame: VoiceFrame): number {
  return (frame.speech ? 0 : 1000) - frame.energyDb;
}
