import { lowerFaceBox, type FaceMeasures, type Point, type VideoFrame } from '@voxlate/core';
import { cropFrame } from '../frame-pictures.js';
import type { RgbImage } from '../frame-pictures.js';

/** One mouth the person showed: the lower face cut out at full resolution, and its landmarks. */
export interface BankedMouth {
  crop: RgbImage;
  /** The 68 landmarks in the crop's pixels. */
  points: Point[];
  measures: FaceMeasures;
  /** The frame it came from. */
  frame: number;
  /** How sharp its lower face is (see sharpnessOf): a crop blurred by movement is passed over. */
  sharpness: number;
}

/**
 * Cells of shape and head pose: a new mouth is kept when its cell is empty or it is more frontal
 * than the one there. Pose is in the key so that a face that turns or nods finds mouths seen
 * from its angle (a level mouth pasted on a face looking down showed a dark band above the lip).
 */
const CELL = { openness: 0.04, width: 0.15, roundness: 0.15, yaw: 0.2, pitch: 0.04 };
/** The most crop memory one person's bank takes; past it, only cells already held are improved. */
const MAX_BANK_BYTES = 96 * 1024 * 1024;
/** Room around the lower face in a crop, as a share of its size: the similarity transform may turn it. */
const CROP_MARGIN = 0.3;

/**
 * One person's mouths, collected over the whole clip, one per cell of mouth shape (openness,
 * width, roundness): the widest variety of real shapes in bounded memory, whatever the length.
 * Within a cell the most frontal, least tilted view wins.
 */
export class MouthBank {
  private readonly cells = new Map<string, BankedMouth>();
  private bytes = 0;
  /** Every frame's measures (a few numbers each): the person's range of movement. */
  readonly seen: FaceMeasures[] = [];

  consider(frame: VideoFrame, points: readonly Point[], measures: FaceMeasures): void {
    this.seen.push(measures);
    const key = cellOf(measures);
    const held = this.cells.get(key);
    const face = lowerFaceBox(points);
    const sharpness = sharpnessOf(frame, face);
    if (!this.wants(held, measures, sharpness)) return;
    const crop = cropFrame(frame, {
      x: face.x - CROP_MARGIN * face.width,
      y: face.y - CROP_MARGIN * face.height,
      width: face.width * (1 + 2 * CROP_MARGIN),
      height: face.height * (1 + 2 * CROP_MARGIN),
    });
    this.bytes += crop.pixels.length - (held?.crop.pixels.length ?? 0);
    this.cells.set(key, {
      crop: { width: crop.width, height: crop.height, pixels: crop.pixels },
      points: points.map((p) => ({ x: p.x - crop.box.x, y: p.y - crop.box.y })),
      measures,
      frame: frame.index,
      sharpness,
    });
  }

  /**
   * Takes in another bank of the same person (found to be one person once the whole video was
   * seen): their frames' measures, and each of their mouths where it is better than the one
   * held. The mouths are ordered by frame, so the bank is the same whichever core saw what first.
   */
  absorb(other: MouthBank): void {
    this.seen.push(...other.seen);
    for (const [key, mouth] of other.cells) {
      const held = this.cells.get(key);
      if (!this.wants(held, mouth.measures, mouth.sharpness)) continue;
      this.bytes += mouth.crop.pixels.length - (held?.crop.pixels.length ?? 0);
      this.cells.set(key, mouth);
    }
  }

  /** The mouths, in the order of the frames they came from. */
  mouths(): BankedMouth[] {
    return [...this.cells.values()].sort((a, b) => a.frame - b.frame);
  }

  /** Whether a view is worth keeping: its cell is empty and there is room, or it beats the one there. */
  private wants(held: BankedMouth | undefined, measures: FaceMeasures, sharpness: number): boolean {
    if (held) return quality(measures, sharpness) > quality(held.measures, held.sharpness);
    return this.bytes < MAX_BANK_BYTES;
  }
}

function cellOf(measures: FaceMeasures): string {
  return [
    Math.round(measures.openness / CELL.openness),
    Math.round(measures.width / CELL.width),
    Math.round(measures.roundness / CELL.roundness),
    Math.round(measures.yaw / CELL.yaw),
    Math.round(measures.pitch / CELL.pitch),
  ].join(':');
}

function poseError(measures: FaceMeasures): number {
  return Math.abs(measures.yaw) + Math.abs(measures.roll);
}

/**
 * Which of two views of the same mouth shape to keep: the sharper, the more frontal. The whole
 * lower face is pasted, so a frame blurred by the head's movement would blur the dub's chin and
 * jaw (movie-hello.mp4 frames 43-44 before this).
 */
function quality(measures: FaceMeasures, sharpness: number): number {
  return sharpness / (1 + 4 * poseError(measures));
}

/** Mean absolute Laplacian of the green channel over the box (every other pixel): edges, not light. */
export function sharpnessOf(frame: VideoFrame, box: { x: number; y: number; width: number; height: number }): number {
  const x0 = Math.max(1, Math.floor(box.x));
  const y0 = Math.max(1, Math.floor(box.y));
  const x1 = Math.min(frame.width - 1, Math.ceil(box.x + box.width));
  const y1 = Math.min(frame.height - 1, Math.ceil(box.y + box.height));
  const g = (x: number, y: number): number => frame.pixels[(y * frame.width + x) * 3 + 1]!;
  let sum = 0;
  let count = 0;
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x += 2) {
      sum += Math.abs(4 * g(x, y) - g(x - 1, y) - g(x + 1, y) - g(x, y - 1) - g(x, y + 1));
      count++;
    }
  }
  return count === 0 ? 0 : sum / count;
}
