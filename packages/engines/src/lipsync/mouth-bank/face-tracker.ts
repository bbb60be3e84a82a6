import {
  centroid,
  distance,
  looksLikeFace,
  measureFace,
  type Box,
  type FaceMeasures,
  type Point,
  type VideoFrame,
} from '@voxlate/core';
import type { FaceLandmarker } from '../face-landmarker.js';
import { VIEWS_PER_TRACK, type FaceIdentities } from './face-identities.js';

/**
 * The detector runs again every this many frames (the landmarks follow the face in between):
 * the detector costs some 100 ms a 720p frame here, ten times the landmarks.
 */
const DETECT_EVERY = 12;
/**
 * With no face in view, the detector looks again after this many frames, twice as long after
 * each look that finds nothing in the same shot, up to SEARCH_AT_MOST (a shot with no face,
 * slides or scenery, would otherwise cost a detection, or two, every frame).
 */
const SEARCH_AT_FIRST = 4;
const SEARCH_AT_MOST = 48;
/** A face whose landmarks jump by more than this share of its width between frames is a new one. */
const MAX_JUMP = 0.5;
/**
 * A face's landmarks span 0.70-0.82 of their box's width (jaw end to jaw end) when the box sits
 * on the face; the landmark net, which answers for any box, squeezes a face into a box that does
 * not (0.58-0.66): a re-detection that slid to the chin (movie-hello.mp4 blown up to 720p, frame
 * 64), or a box moved down with the landmarks it follows until they shrank (the 90 px webcam
 * face, frames 40-62). Landmarks under this share are looked at again.
 */
const MIN_BOX_FILL = 0.67;
/** A followed face is detected again for squeezed landmarks at most this often (frames). */
const LOOK_AGAIN_AFTER = 4;

/** What the tracker saw in one frame. */
export interface FaceObservation {
  /** The tracked face's 68 landmarks (laid out as a face's) and what they measure; absent when no face is in view. */
  points?: Point[];
  measures?: FaceMeasures;
  /** Who the tracked face is (see FaceIdentities). */
  person?: number;
  /** Width of every face the last detection found (the tracked one among them). */
  faceWidths: number[];
  /** The landmarks did not fill their box, even looked at again: placed wrong, not to be copied. */
  squeezed?: boolean;
}

interface Track {
  detected: Box;
  /** Landmark centre when the face was detected, and in the last frame. */
  detectedCentre?: Point;
  lastCentre?: Point;
  lastFrame: number;
  detectedAt: number;
  person?: number;
  /** Just detected again: the box the face was followed by until then. */
  previous?: Box;
  /** Views of the face described so far, and the detection the last one was taken at. */
  views: number;
  describedAt?: number;
  faceWidths: number[];
}

/**
 * Finds the main face and follows it: a detection at each shot cut, after a gap and every few
 * frames; in between the detector's box is moved with the landmarks, so the landmark net sees
 * the face framed as it was trained on. The largest face is the one followed.
 */
export class FaceTracker {
  private track: Track | undefined;
  /** When the detector next looks while no face is followed, and the wait after that. */
  private search = { next: 0, wait: SEARCH_AT_FIRST };

  /** `step`: frames between two observed frames (2 when every other frame is looked at). */
  constructor(
    private readonly landmarker: FaceLandmarker,
    private readonly identities: FaceIdentities,
    private readonly step = 1,
  ) {}

  async observe(frame: VideoFrame, newShot: boolean): Promise<FaceObservation> {
    const track = await this.trackFor(frame, newShot);
    if (!track) return { faceWidths: [] };
    let box = followedBox(track);
    let points = await this.landmarker.landmarks(frame, box);
    if (!fillsBox(points, box)) ({ box, points } = await this.lookAgain(frame, track, { box, points }));
    track.previous = undefined;
    const centre = centroid(points);
    const jumped =
      track.lastCentre &&
      Math.hypot(centre.x - track.lastCentre.x, centre.y - track.lastCentre.y) > MAX_JUMP * box.width;
    const measures = measureFace(points);
    // The landmark net answers for any box: jumbled landmarks mean the face was lost.
    if (jumped || !looksLikeFace(points, measures)) {
      this.track = undefined;
      return { faceWidths: track.faceWidths };
    }
    track.detectedCentre ??= centre;
    track.lastCentre = centre;
    track.lastFrame = frame.index;
    await this.describe(track, frame, box);
    return {
      points,
      measures,
      person: track.person,
      faceWidths: track.faceWidths,
      ...(fillsBox(points, box) ? {} : { squeezed: true }),
    };
  }

  /**
   * Squeezed landmarks looked at again: just after a re-detection, in the box the face was
   * followed by until then (the detection may be the one that slid); in a followed box, in a
   * box the detector finds now (the box may have drifted). The first whose landmarks fill their
   * box becomes the track's; none does, the landmarks stay as they were.
   */
  private async lookAgain(frame: VideoFrame, track: Track, seen: Landmarked): Promise<Landmarked> {
    const boxes: Box[] = track.previous ? [track.previous] : [];
    if (!track.previous && frame.index - track.detectedAt >= LOOK_AGAIN_AFTER) {
      const faces = await this.landmarker.detect(frame, seen.box.width);
      track.detectedAt = frame.index;
      boxes.push(...faces.filter((face) => overlaps(face.box, seen.box)).map((face) => face.box));
    }
    for (const box of boxes) {
      const points = await this.landmarker.landmarks(frame, box);
      if (!fillsBox(points, box)) continue;
      track.detected = box;
      track.detectedCentre = undefined;
      return { box, points };
    }
    return seen;
  }

  /**
   * A new track's first view says who it is; each later detection adds a view of that person,
   * up to VIEWS_PER_TRACK (the descriptor net costs some 30 ms a face here, an eighth of a 720p
   * detection, and a track is described at most that many times).
   */
  private async describe(track: Track, frame: VideoFrame, box: Box): Promise<void> {
    if (track.describedAt === track.detectedAt || track.views >= VIEWS_PER_TRACK) return;
    const descriptor = await this.landmarker.describe(frame, box);
    if (track.person === undefined) track.person = this.identities.assign(descriptor, frame.index);
    else this.identities.addView(track.person, descriptor, frame.index);
    track.views++;
    track.describedAt = track.detectedAt;
  }

  /** The current track, detecting again when it is due; undefined when no face is in view. */
  private async trackFor(frame: VideoFrame, newShot: boolean): Promise<Track | undefined> {
    const current = this.track;
    const followed = current !== undefined && !newShot && frame.index <= current.lastFrame + this.step;
    if (followed && frame.index - current.detectedAt < DETECT_EVERY) return current;
    if (newShot) this.search = { next: frame.index, wait: SEARCH_AT_FIRST };
    if (!followed && frame.index < this.search.next) return (this.track = undefined);
    const faces = await this.landmarker.detect(frame, followed ? current.detected.width : undefined);
    const largest = [...faces].sort((a, b) => b.box.width - a.box.width)[0];
    if (!largest) {
      // A face the detector misses for a moment (blur, a turn) is still followed by its landmarks.
      if (followed) {
        current.detectedAt = frame.index;
        return current;
      }
      this.search = { next: frame.index + this.search.wait, wait: Math.min(SEARCH_AT_MOST, 2 * this.search.wait) };
      return (this.track = undefined);
    }
    this.search = { next: frame.index, wait: SEARCH_AT_FIRST };
    const continues = followed && overlaps(current.detected, largest.box);
    const previous = continues ? { previous: followedBox(current) } : {};
    this.track = {
      detected: largest.box,
      lastFrame: frame.index - this.step,
      detectedAt: frame.index,
      faceWidths: faces.map((face) => face.box.width),
      views: continues ? current.views : 0,
      ...(continues && current.person !== undefined ? { person: current.person } : {}),
      ...previous,
    };
    return this.track;
  }
}

interface Landmarked {
  box: Box;
  points: Point[];
}

/** The detector's box moved with the landmarks since (where the face is looked at next). */
function followedBox(track: Track): Box {
  const shift = track.detectedCentre && track.lastCentre ? minus(track.lastCentre, track.detectedCentre) : undefined;
  return shift ? { ...track.detected, x: track.detected.x + shift.x, y: track.detected.y + shift.y } : track.detected;
}

/** Whether landmarks span as much of their box as a face's do when the box sits on it. */
function fillsBox(points: readonly Point[], box: Box): boolean {
  return distance(points[0]!, points[16]!) >= MIN_BOX_FILL * box.width;
}

function minus(a: Point, b: Point): Point {
  return { x: a.x - b.x, y: a.y - b.y };
}

/** Whether two boxes share at least half of the smaller one (the same face, moved a little). */
function overlaps(a: Box, b: Box): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 && w * h >= 0.5 * Math.min(a.width * a.height, b.width * b.height);
}
