import type { EngineContext, EngineInfo } from '../engine-info.js';
import type { PhonemeTiming } from '../phonemes.js';

/** One decoded picture: packed RGB, 3 bytes a pixel, rows top to bottom. */
export interface VideoFrame {
  /** 0-based, at the video's frame rate: the frame shows the time `index / fps`. */
  index: number;
  width: number;
  height: number;
  pixels: Uint8Array;
  /**
   * Hands the pixels back to the reader, which fills them with a later frame: a 720p frame is
   * 2.8 MB, and a fresh one per frame kept the garbage collector busy for a fifth of the lip
   * sync stage. Call it once nothing will read `pixels` again (after an encoder's write has
   * completed, not when it was queued); a frame never released is simply collected.
   */
  release?: () => void;
}

/**
 * One picture as the video stores it, planar 4:2:0: the Y plane (`width` x `height`), then U and
 * V at half the width and height, rounded up. The lip sync's render works on these, so that only
 * the mouth's box is ever converted to RGB and the rest of the frame goes to the encoder
 * untouched (no conversion to RGB and back for every pixel, half the bytes through the pipes).
 */
export interface YuvFrame {
  index: number;
  width: number;
  height: number;
  pixels: Uint8Array;
  /** How its YUV maps to RGB: the same conversion the analysis's RGB frames were made with. */
  colour: YuvColour;
  /** As VideoFrame's. */
  release?: () => void;
}

/** A YUV matrix: the luma weights of red and blue (BT.601: 0.299 and 0.114), and its range. */
export interface YuvColour {
  kr: number;
  kb: number;
  /** Full range (0-255) rather than studio range (Y 16-235, U and V 16-240). */
  fullRange: boolean;
}

/** A dub's new picture: the source's frames, some of them changed. */
export interface NewPicture {
  /** The file the dub's picture comes from: where nothing changed, its stream is copied. */
  source: string;
  /** The frames that change, ascending. */
  changed: readonly number[];
  /** The new picture's frames (upright, 4:2:0, at the video's rate): all of them, or those of `range`. */
  frames(range?: FrameRange): AsyncIterable<YuvFrame>;
}

/** How a new picture was written. */
export interface PictureOutcome {
  /** Frames written, and how many of them were encoded anew (the others copied as they were). */
  frames: number;
  encodedFrames: number;
  /** The source's groups of pictures (keyframe to keyframe), and how many were copied. */
  groups: number;
  copiedGroups: number;
  /** Why the whole picture was re-encoded, when it was. */
  wholeBecause?: string;
}

/** A rectangle in the picture, pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Why a dubbed line's picture was left as it was. */
export type LipSyncSkipReason =
  'no-face' | 'several-faces' | 'profile' | 'face-too-small' | 'off-screen' | 'too-few-mouths';

export const SKIP_REASON_TEXT: Readonly<Record<LipSyncSkipReason, string>> = {
  'no-face': 'no face in view',
  'several-faces': 'several faces and none clearly speaking',
  profile: 'the face is turned away (profile view)',
  'face-too-small': 'the face is too small in the frame',
  'off-screen': 'the mouth is partly out of the frame',
  'too-few-mouths': "too few views of the speaker's mouth to draw new shapes from",
};

/** What lip sync did on one dubbed line. */
export interface LipSyncOutcome {
  status: 'synced' | 'skipped';
  reason?: LipSyncSkipReason;
  /** Frames the line covers, and how many of them got a new mouth. */
  frames: number;
  syncedFrames: number;
}

/** One dubbed line, as lip sync needs it. */
export interface LipSyncLine {
  segmentId: number;
  speaker: string;
  /** Seconds in the output where the dubbed speech starts and ends. */
  start: number;
  end: number;
  /**
   * The dubbed speech's phonemes, seconds from `start` (after timing fit); empty when the voice
   * gave none, in which case the mouth follows the speech's loudness (`loudness`).
   */
  phonemes: PhonemeTiming[];
  /**
   * The dubbed speech's level per video frame from `start`, 0-1: how far the jaw opens, and
   * all the mouth has to follow for voices without phonemes.
   */
  loudness?: number[];
}

/** A stretch where a speaker talks in the source: where their own mouths are collected. */
export interface SourceSpeech {
  start: number;
  end: number;
  speaker: string;
}

export interface VideoGeometry {
  fps: number;
  /** How many frames the video has at `fps`. */
  frames: number;
}

/** Frames `first` to `end` (not included; Infinity: to the end of the video). */
export interface FrameRange {
  first: number;
  end: number;
}

export interface LipSyncJob {
  video: VideoGeometry;
  lines: readonly LipSyncLine[];
  speech: readonly SourceSpeech[];
  /**
   * A new pass over the source's frames, each call (lip sync reads them twice, and may read
   * several stretches at once): all of them, or those of `range`, indexed from the video's start.
   */
  readFrames(range?: FrameRange): AsyncIterable<VideoFrame>;
}

/** What the analysis found: each line's outcome, and what the render pass needs. */
export interface LipSyncPlan {
  outcomes: ReadonlyMap<number, LipSyncOutcome>;
  /** Opaque to the pipeline: the engine's per-frame work. */
  readonly syncedFrames: number;
  /** The frames the render pass changes, ascending (the rest it hands back as they came). */
  readonly changedFrames: readonly number[];
}

/**
 * Moves the speaker's mouth to the dubbed words. Two passes over the frames: `analyse` finds and
 * tracks faces and decides line by line; `render` hands every frame back, the synced ones with
 * their new mouth, the rest exactly as they came.
 */
export interface LipSyncer extends EngineInfo {
  analyse(job: LipSyncJob, context: EngineContext): Promise<LipSyncPlan>;
  render(plan: LipSyncPlan, frames: AsyncIterable<YuvFrame>, context: EngineContext): AsyncIterable<YuvFrame>;
}
