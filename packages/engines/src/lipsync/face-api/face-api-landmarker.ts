import type { Box, Point, VideoFrame } from '@voxlate/core';
import type { DetectedFace, FaceLandmarker } from '../face-landmarker.js';
import { ChildFaceNets } from './child-face-nets.js';
import type { FaceNets } from './face-nets.js';
import { cropFrame, shrinkFrame } from '../frame-pictures.js';
import { InProcessFaceNets } from './in-process-face-nets.js';

/** How the detector looks at a frame: a copy with this long side, at this input size. */
interface DetectionScale {
  side: number;
  input: number;
}

/**
 * The usual look: a copy at most 640 wide at input 416 finds faces down to a tenth of the
 * frame. The input follows the frame's size below that: a small frame blown up past its size
 * hides a close face from the detector's anchors (a 160x120 talking head scored 0.2-0.5 at 416
 * and 0.9 and more at 224).
 */
function firstLook(longSide: number): DetectionScale {
  return { side: 640, input: Math.min(416, Math.max(224, roundUp32(longSide))) };
}

/**
 * A closer look when the first found nothing in a large frame: a copy up to 1280 wide at input
 * 800, for a face of some 90 px in a 720p frame (a webcam inset beside a screen recording),
 * which the first look misses. About three times the cost, so only when nothing is followed.
 */
const CLOSER_LOOK: DetectionScale = { side: 1280, input: 800 };

/**
 * For a face already followed, the scale that makes it some 64 px wide in the detector's input:
 * a 400-pixel face in a 720p frame is found at input 224 for a third of the cost of 416.
 */
function scaleFor(faceWidth: number, longSide: number): DetectionScale {
  const input = Math.min(CLOSER_LOOK.input, Math.max(224, roundUp32((FOLLOWED_FACE_INPUT * longSide) / faceWidth)));
  const first = firstLook(longSide);
  return input <= first.input ? { side: first.side, input } : { side: CLOSER_LOOK.side, input };
}
const FOLLOWED_FACE_INPUT = 64;

function roundUp32(value: number): number {
  return Math.ceil(value / 32) * 32;
}

/** Real faces in the test clips score 0.8 and more; patterns that fool the detector, 0.5-0.6. */
const MIN_DETECTION_SCORE = 0.6;

/**
 * Faces and 68 landmarks with face-api (vladmandic's maintained build of face-api.js) on
 * TensorFlow.js's WebAssembly backend: the tiny face detector (190 KB), the 68-point
 * landmark net (350 KB) and the face descriptor net (6.2 MB), all shipped inside the npm package, so it works offline on a fresh
 * machine. tfjs-node is not used: its install downloads libtensorflow.
 */
export class FaceApiLandmarker implements FaceLandmarker {
  readonly id = 'face-api';
  readonly kind = 'offline';
  readonly name = 'face-api (tiny face detector + 68 landmarks, TensorFlow.js WebAssembly)';

  constructor(private readonly nets: FaceNets) {}

  /** In this process, or (`'child'`) in a child process of its own, so that another core can work too. */
  static async create(where: 'in-process' | 'child' = 'in-process'): Promise<FaceApiLandmarker> {
    return new FaceApiLandmarker(where === 'child' ? new ChildFaceNets() : await InProcessFaceNets.create());
  }

  async detect(frame: VideoFrame, expectedWidth?: number): Promise<DetectedFace[]> {
    const longSide = Math.max(frame.width, frame.height);
    if (expectedWidth !== undefined) return this.detectAt(frame, scaleFor(expectedWidth, longSide));
    const found = await this.detectAt(frame, firstLook(longSide));
    if (found.length > 0 || longSide <= firstLook(longSide).side) return found;
    return this.detectAt(frame, CLOSER_LOOK);
  }

  private async detectAt(frame: VideoFrame, scale: DetectionScale): Promise<DetectedFace[]> {
    const small = shrinkFrame(frame, scale.side);
    const found = await this.nets.detect(small.frame, scale.input, MIN_DETECTION_SCORE);
    return found.map(({ score, box }) => ({
      score,
      box: {
        x: box.x * small.factor,
        y: box.y * small.factor,
        width: box.width * small.factor,
        height: box.height * small.factor,
      },
    }));
  }

  async landmarks(frame: VideoFrame, box: Box): Promise<Point[]> {
    const crop = cropFrame(frame, box);
    const points = await this.nets.landmarks(crop);
    return points.map((p) => ({ x: p.x + crop.box.x, y: p.y + crop.box.y }));
  }

  describe(frame: VideoFrame, box: Box): Promise<Float32Array> {
    return this.nets.describe(cropFrame(frame, box));
  }

  close(): Promise<void> {
    return this.nets.close();
  }
}
