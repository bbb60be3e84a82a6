import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lowerFaceBox, measureFace, type Point, type VideoFrame } from '@voxlate/core';
import { FaceApiLandmarker } from '../face-api/face-api-landmarker.js';
import { cropFrame } from '../frame-pictures.js';
import { packPoints } from './packed-points.js';
import { paintMouth } from './paint-mouth.js';

/** Debian's forensics-samples webcam recording (1280x720, 30 fps), unpacked by setup. */
const CLIP = fileURLToPath(
  new URL('../../../../../.cache/debian-media/forensics-samples-files/movie-hello.mp4', import.meta.url),
);
const WIDTH = 1280;
const HEIGHT = 720;
/** The frames where a faint second mouth showed on the chin of the Spanish dub. */
const FIRST = 42;
const LAST = 47;

function framesOf(from: number, to: number): Uint8Array[] {
  const select = `select='between(n\\,${from}\\,${to})'`;
  const raw = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', CLIP, '-vf', select, '-vsync', '0', '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'],
    { maxBuffer: 1 << 28 },
  );
  const size = WIDTH * HEIGHT * 3;
  return Array.from({ length: raw.length / size }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}

/** Even-odd rule: whether (x, y) lies inside the polygon. */
function insidePolygon(polygon: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [a, b] = [polygon[i]!, polygon[j]!];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

const grey = (pixels: Uint8Array, p: number): number =>
  0.299 * pixels[3 * p]! + 0.587 * pixels[3 * p + 1]! + 0.114 * pixels[3 * p + 2]!;

/**
 * How much of the speaker's own movement would still show through a pasted mouth: the frames'
 * motion (what moves when he talks: lips, jaw, chin) weighted by the share of the original pixel
 * the paint step keeps there. The pasted face is a checkerboard of near-white and near-black,
 * painted once as it is and once inverted: at each pixel the two paints give the pasted share
 * exactly, whatever light correction the paint step applies (the same gain for both: the
 * pattern's mean is the same).
 */
async function originalShowingThrough(frames: Uint8Array[]): Promise<number> {
  const frame: VideoFrame = { index: FIRST, width: WIDTH, height: HEIGHT, pixels: Uint8Array.from(frames[0]!) };
  const landmarker = await FaceApiLandmarker.create();
  const [face] = await landmarker.detect(frame);
  const points = await landmarker.landmarks(frame, face!.box);
  const paint = (inverted: boolean): { pattern: ReturnType<typeof checkerMouth>; red: Uint8Array } => {
    const pattern = checkerMouth(frame, points, inverted);
    const painted: VideoFrame = { ...frame, pixels: Uint8Array.from(frame.pixels) };
    paintMouth(painted, { mouth: pattern.mouth, points: packPoints(points), strength: 1 });
    return { pattern, red: painted.pixels };
  };
  const [plain, inverse] = [paint(false), paint(true)];
  const box = lowerFaceBox(points);
  // The lower face inside its outline: the jaw line from ear to ear, closed under the nose.
  const lowerFace = [
    ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((i) => points[i]!),
    points[35]!,
    points[33]!,
    points[31]!,
  ];
  let moving = 0;
  let showing = 0;
  for (let y = Math.floor(box.y); y < box.y + box.height; y++) {
    for (let x = Math.floor(box.x); x < box.x + box.width; x++) {
      const p = y * WIDTH + x;
      const pasted = plain.pattern.at(x, y);
      if (pasted === undefined || !insidePolygon(lowerFace, x + 0.5, y + 0.5)) continue;
      const original = frame.pixels[3 * p]!;
      // red = a*g*N + (1-a)*O in one paint, a*g*(255-N) + (1-a)*O in the other.
      const [one, two] = [plain.red[3 * p]!, inverse.red[3 * p]!];
      const gained = (one - two) / (2 * pasted - 255);
      const taken = Math.min(1, Math.max(0, (2 * original + 255 * gained - one - two) / (2 * Math.max(1, original))));
      const motion = frames.slice(1).reduce((sum, next, t) => sum + Math.abs(grey(next, p) - grey(frames[t]!, p)), 0);
      moving += motion;
      showing += motion * (1 - taken);
    }
  }
  return showing / moving;
}

/** A banked "mouth" cut from this very frame (so it lands exactly on the face), its pixels a checkerboard. */
function checkerMouth(frame: VideoFrame, points: Point[], inverted: boolean) {
  const face = lowerFaceBox(points);
  const crop = cropFrame(frame, {
    x: face.x - 0.3 * face.width,
    y: face.y - 0.3 * face.height,
    width: face.width * 1.6,
    height: face.height * 1.6,
  });
  const value = (x: number, y: number): number => (((x + y) % 2 === 0) !== inverted ? 250 : 5);
  const pixels = new Uint8Array(crop.pixels.length);
  for (let y = 0; y < crop.height; y++) {
    for (let x = 0; x < crop.width; x++)
      pixels.fill(value(x, y), (y * crop.width + x) * 3, (y * crop.width + x) * 3 + 3);
  }
  const mouth = {
    crop: { width: crop.width, height: crop.height, pixels },
    points: points.map((p) => ({ x: p.x - crop.box.x, y: p.y - crop.box.y })),
    measures: measureFace(points),
    frame: frame.index,
    sharpness: 1,
  };
  const at = (x: number, y: number): number | undefined => {
    const cx = x - crop.box.x;
    const cy = y - crop.box.y;
    if (cx < 0 || cy < 0 || cx >= crop.width || cy >= crop.height) return undefined;
    return value(cx, cy);
  };
  return { mouth, at };
}

describe('one mouth: the pasted mouth covers everything that moves when the speaker talks', () => {
  it('leaves under 10 % of the lips, jaw and chin movement of movie-hello.mp4 frames 42-47 showing', async () => {
    const showing = await originalShowingThrough(framesOf(FIRST, LAST));
    // The mask before (a feathered ellipse times the crop's own) left 0.69 of it: a faint second
    // mouth and chin; the whole lower face outline leaves 0.02.
    expect(showing).toBeLessThan(0.1);
  });
});
