import { lowerFaceBox, type FaceMeasures, type Point, type VideoFrame } from '@voxlate/core';
import { cropFrame } from '../face-api/frame-crop.js';
import type { RgbImage } from './paste-mouth.js';

/** One mouth the person showed: the lower face cut out at full resolution, and its landmarks. */
export interface BankedMouth {
  crop: RgbImage;
  /** The 68 landmarks in the crop's pixels. */
  points: Point[];
  measures: FaceMeasures;
  /** The frame it came from. */
  frame: number;
}

/** Shape cells: a new mouth is kept when its cell is empty or it is more frontal than the one there. */
const CELL = { openness: 0.035, width: 0.12, roundness: 0.12 };
/** Room around the lower face in a crop, as a share of its size: the similarity transform may turn it. */
const CROP_MARGIN = 0.3;

/**
 * One person's mouths, collected over the whole clip, one per cell of mouth shape (openness,
 * width, roundness): the widest variety of real shapes in bounded memory, whatever the length.
 * Within a cell the most frontal, least tilted view wins.
 */
export class MouthBank {
  private readonly cells = new Map<string, BankedMouth>();
  /** Every frame's measures (a few numbers each): the person's range of movement. */
  readonly seen: FaceMeasures[] = [];

  consider(frame: VideoFrame, points: readonly Point[], measures: FaceMeasures): void {
    this.seen.push(measures);
    const key = [
      Math.round(measures.openness / CELL.openness),
      Math.round(measures.width / CELL.width),
      Math.round(measures.roundness / CELL.roundness),
    ].join(':');
    const held = this.cells.get(key);
    if (held && poseError(held.measures) <= poseError(measures)) return;
    const face = lowerFaceBox(points);
    const crop = cropFrame(frame, {
      x: face.x - CROP_MARGIN * face.width,
      y: face.y - CROP_MARGIN * face.height,
      width: face.width * (1 + 2 * CROP_MARGIN),
      height: face.height * (1 + 2 * CROP_MARGIN),
    });
    this.cells.set(key, {
      crop: { width: crop.width, height: crop.height, pixels: crop.pixels },
      points: points.map((p) => ({ x: p.x - crop.box.x, y: p.y - crop.box.y })),
      measures,
      frame: frame.index,
    });
  }

  mouths(): BankedMouth[] {
    return [...this.cells.values()];
  }
}

function poseError(measures: FaceMeasures): number {
  return Math.abs(measures.yaw) + Math.abs(measures.roll);
}
