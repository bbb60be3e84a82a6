import { syntheticFace, type Box, type Point, type VideoFrame } from '@voxlate/core';
import type { DetectedFace, FaceLandmarker } from '../face-landmarker.js';

/** Where the scene's one face is in a frame: its jaw `size` pixels wide, centred at (cx, cy). */
export interface SceneFace {
  cx: number;
  cy: number;
  size: number;
}

/** A face's jaw spans this share of face-api's box when the box sits on it. */
const JAW_SHARE = 0.75;

/** The box face-api's detector puts on a face. */
export function boxOn(face: SceneFace): Box {
  const side = face.size / JAW_SHARE;
  return { x: face.cx - side / 2, y: face.cy - side / 2, width: side, height: side };
}

/**
 * A landmarker over a scene with one face, `faceAt(frame)`, behaving as face-api's nets do where
 * the tracker depends on it: the detector boxes the face, except where `wrongBoxAt` gives another
 * box (one that slid to the chin); the landmark net answers for any box, with the face's own
 * landmarks (lips parted) when the box sits on it and a face squeezed into the box (0.6 of its
 * width, lips nearly shut) when it does not.
 */
export function sceneLandmarker(
  faceAt: (frame: number) => SceneFace,
  wrongBoxAt: (frame: number) => Box | undefined = () => undefined,
): FaceLandmarker {
  return {
    id: 'scene',
    kind: 'offline',
    name: 'a scene with one face',
    detect: (frame: VideoFrame): Promise<DetectedFace[]> =>
      Promise.resolve([{ box: wrongBoxAt(frame.index) ?? boxOn(faceAt(frame.index)), score: 0.9 }]),
    landmarks: (frame: VideoFrame, box: Box): Promise<Point[]> => {
      const face = faceAt(frame.index);
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      const sits =
        Math.hypot(x - face.cx, y - face.cy) < 0.1 * face.size && Math.abs(box.width / boxOn(face).width - 1) < 0.2;
      return Promise.resolve(
        sits ? syntheticFace(face.cx, face.cy, face.size, 20) : syntheticFace(x, y, 0.6 * box.width, 8),
      );
    },
    describe: (): Promise<Float32Array> => Promise.resolve(new Float32Array(128)),
    close: () => Promise.resolve(),
  };
}
