import type { Box, LipSyncSkipReason } from './lip-sync-types.js';
import type { Point } from './similarity-transform.js';

/**
 * Indices into the 68 landmarks (iBUG 300-W): points that stay put when the mouth moves (nose,
 * eye corners, the jaw at cheek height), which carry a mouth from one frame onto another.
 */
export const STABLE_POINTS = [1, 15, 27, 28, 29, 30, 31, 33, 35, 36, 39, 42, 45] as const;
const LEFT_EYE = [36, 37, 38, 39, 40, 41];
const RIGHT_EYE = [42, 43, 44, 45, 46, 47];
const MOUTH = Array.from({ length: 20 }, (_, i) => 48 + i);

/** A face's size, pose and mouth, from its landmarks. */
export interface FaceMeasures {
  /** Distance between the eye centres, pixels: the face's scale. */
  interocular: number;
  /** Jaw point 0 to 16, pixels. */
  faceWidth: number;
  /** -1 (turned fully to one side) .. 0 (frontal) .. 1, from where the nose tip sits between the jaw ends. */
  yaw: number;
  /** Tilt of the eye line, radians. */
  roll: number;
  /**
   * Nodding: where the nose tip sits between the eyes and the chin (about 0.4 for a level
   * head; more when looking down, less when looking up). A mouth seen from above or below
   * does not fit a face seen level, and a similarity transform cannot turn it.
   */
  pitch: number;
  mouthCentre: Point;
  /** Inner lip gap over the interocular distance. */
  openness: number;
  /** Mouth corner to corner over the interocular distance. */
  width: number;
  /** Outer lip height over mouth width: rounded lips are tall for their width. */
  roundness: number;
}

export function measureFace(points: readonly Point[]): FaceMeasures {
  const at = (i: number): Point => points[i]!;
  const leftEye = centroid(LEFT_EYE.map(at));
  const rightEye = centroid(RIGHT_EYE.map(at));
  const interocular = Math.max(1e-6, distance(leftEye, rightEye));
  const jawSpan = at(16).x - at(0).x;
  const noseShare = jawSpan !== 0 ? (at(30).x - at(0).x) / jawSpan : 0.5;
  const mouthWidth = Math.max(1e-6, distance(at(48), at(54)));
  return {
    interocular,
    faceWidth: distance(at(0), at(16)),
    yaw: Math.max(-1, Math.min(1, (noseShare - 0.5) * 2)),
    roll: Math.atan2(rightEye.y - leftEye.y, rightEye.x - leftEye.x),
    pitch: (at(30).y - (leftEye.y + rightEye.y) / 2) / Math.max(1e-6, at(8).y - (leftEye.y + rightEye.y) / 2),
    mouthCentre: centroid(MOUTH.map(at)),
    openness: innerGap(points) / interocular,
    width: mouthWidth / interocular,
    roundness: distance(at(51), at(57)) / mouthWidth,
  };
}

/** Mean gap between the inner lips over their three middle pairs (61-67, 62-66, 63-65). */
function innerGap(points: readonly Point[]): number {
  const pairs: [number, number][] = [
    [61, 67],
    [62, 66],
    [63, 65],
  ];
  return pairs.reduce((sum, [top, bottom]) => sum + Math.max(0, points[bottom]!.y - points[top]!.y), 0) / 3;
}

/** Below these a face is not worth syncing; above the yaw limit it is seen from the side. */
export const FACE_LIMITS = {
  /** Jaw width, pixels: under this the mouth is a few pixels across. */
  minFaceWidth: 48,
  maxYaw: 0.55,
  /** A second face this share of the largest one's width or more makes the speaker unclear. */
  rivalShare: 0.6,
};

/**
 * Whether a frame's face can take a new mouth: the reason it cannot, or undefined when it can.
 * `faceWidths` are the widths of every face detected in the frame (the tracked one included).
 */
export function faceProblem(
  measures: FaceMeasures | undefined,
  points: readonly Point[] | undefined,
  faceWidths: readonly number[],
  frame: { width: number; height: number },
): LipSyncSkipReason | undefined {
  if (!measures || !points || !looksLikeFace(points, measures)) return 'no-face';
  const largest = Math.max(measures.faceWidth, ...faceWidths);
  const rivals = faceWidths.filter((width) => width >= FACE_LIMITS.rivalShare * largest);
  if (rivals.length > 1) return 'several-faces';
  if (measures.faceWidth < FACE_LIMITS.minFaceWidth) return 'face-too-small';
  if (Math.abs(measures.yaw) > FACE_LIMITS.maxYaw) return 'profile';
  const lowerFace = lowerFaceBox(points);
  const inside =
    lowerFace.x >= 0 &&
    lowerFace.y >= 0 &&
    lowerFace.x + lowerFace.width <= frame.width &&
    lowerFace.y + lowerFace.height <= frame.height;
  return inside ? undefined : 'off-screen';
}

/**
 * Whether landmarks are laid out as a face's are: eyes over the nose over the mouth over the
 * chin, the eyes apart by a plausible share of the face's width, the mouth between the eyes.
 * A detector fooled by a pattern still gets landmarks from the landmark net (it always
 * answers), and they come out jumbled.
 */
export function looksLikeFace(points: readonly Point[], measures: FaceMeasures): boolean {
  const eyes = centroid([36, 39, 42, 45].map((i) => points[i]!));
  const nose = points[30]!;
  const chin = points[8]!;
  const { mouthCentre, interocular, faceWidth } = measures;
  const ordered = eyes.y < nose.y && nose.y < mouthCentre.y && mouthCentre.y < chin.y;
  const eyeShare = interocular / Math.max(1e-6, faceWidth);
  // Loose enough for a head turned into profile (the eyes foreshorten, the nose moves out).
  const mouthBetweenEyes =
    Math.abs(mouthCentre.x - eyes.x) < 1.5 * interocular && Math.abs(nose.x - eyes.x) < 1.5 * interocular;
  return ordered && eyeShare > 0.25 && eyeShare < 0.7 && mouthBetweenEyes;
}

/** The region a new mouth may change: cheek to cheek, from under the nose to below the chin. */
export function lowerFaceBox(points: readonly Point[]): Box {
  const jaw = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((i) => points[i]!);
  const top = points[33]!.y;
  const chin = points[8]!.y;
  const margin = 0.15 * (chin - top);
  const xs = jaw.map((p) => p.x);
  const x = Math.min(...xs);
  return { x, y: top, width: Math.max(...xs) - x, height: chin - top + margin };
}

export function centroid(points: readonly Point[]): Point {
  const n = Math.max(1, points.length);
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
