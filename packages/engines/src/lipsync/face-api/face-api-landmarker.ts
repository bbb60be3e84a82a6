import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Box, Point, VideoFrame } from '@voxlate/core';
import type { DetectedFace, FaceLandmarker } from '../face-landmarker.js';
import { cropFrame, shrinkFrame } from './frame-crop.js';

type FaceApi = typeof import('@vladmandic/face-api');

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

  private constructor(private readonly api: FaceApi) {}

  static async create(): Promise<FaceApiLandmarker> {
    return new FaceApiLandmarker(await loadFaceApi());
  }

  async detect(frame: VideoFrame, expectedWidth?: number): Promise<DetectedFace[]> {
    const longSide = Math.max(frame.width, frame.height);
    if (expectedWidth !== undefined) return this.detectAt(frame, scaleFor(expectedWidth, longSide));
    const found = await this.detectAt(frame, firstLook(longSide));
    if (found.length > 0 || longSide <= firstLook(longSide).side) return found;
    return this.detectAt(frame, CLOSER_LOOK);
  }

  private async detectAt(frame: VideoFrame, scale: DetectionScale): Promise<DetectedFace[]> {
    const { tf, nets, TinyFaceDetectorOptions } = this.api;
    const small = shrinkFrame(frame, scale.side);
    const input = tf.tensor3d(small.frame.pixels, [small.frame.height, small.frame.width, 3], 'int32');
    try {
      const options = new TinyFaceDetectorOptions({ inputSize: scale.input, scoreThreshold: MIN_DETECTION_SCORE });
      const found = await nets.tinyFaceDetector.locateFaces(input, options);
      return found.map((face) => ({
        score: face.score,
        box: {
          x: face.box.x * small.factor,
          y: face.box.y * small.factor,
          width: face.box.width * small.factor,
          height: face.box.height * small.factor,
        },
      }));
    } finally {
      input.dispose();
    }
  }

  async landmarks(frame: VideoFrame, box: Box): Promise<Point[]> {
    const { tf, nets } = this.api;
    const crop = cropFrame(frame, box);
    const input = tf.tensor3d(crop.pixels, [crop.height, crop.width, 3], 'int32');
    try {
      const found = await nets.faceLandmark68Net.detectLandmarks(input);
      const landmarks = Array.isArray(found) ? found[0]! : found;
      return landmarks.positions.map((p) => ({ x: p.x + crop.box.x, y: p.y + crop.box.y }));
    } finally {
      input.dispose();
    }
  }

  async describe(frame: VideoFrame, box: Box): Promise<Float32Array> {
    const { tf, nets } = this.api;
    const crop = cropFrame(frame, box);
    const input = tf.tensor3d(crop.pixels, [crop.height, crop.width, 3], 'int32');
    try {
      const found = await nets.faceRecognitionNet.computeFaceDescriptor(input);
      return Array.isArray(found) ? found[0]! : found;
    } finally {
      input.dispose();
    }
  }
}

/** Runs `work`, then removes any uncaughtException/unhandledRejection listener it added. */
async function withoutNewProcessHandlers(work: () => Promise<void>): Promise<void> {
  const uncaught = new Set(process.listeners('uncaughtException'));
  const unhandled = new Set(process.listeners('unhandledRejection'));
  try {
    await work();
  } finally {
    for (const listener of process.listeners('uncaughtException')) {
      if (!uncaught.has(listener)) process.removeListener('uncaughtException', listener);
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!unhandled.has(listener)) process.removeListener('unhandledRejection', listener);
    }
  }
}

/** The part of tfjs's API (re-exported by face-api's node-wasm build) that picks the backend. */
interface TfjsBackendControl {
  setWasmPaths(path: string): void;
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
}

let loading: Promise<FaceApi> | undefined;

/** face-api and its two nets, loaded once per process (tfjs keeps one global backend). */
function loadFaceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    const tf = api.tf as unknown as TfjsBackendControl;
    tf.setWasmPaths(`${wasmDir}/`);
    // The backend's Emscripten module installs process-wide handlers that rethrow any uncaught
    // exception and unhandled rejection (printing its whole minified source): the service's own
    // handling must stay in charge.
    await withoutNewProcessHandlers(async () => {
      await tf.setBackend('wasm');
      await tf.ready();
    });
    const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await api.nets.tinyFaceDetector.loadFromDisk(models);
    await api.nets.faceLandmark68Net.loadFromDisk(models);
    await api.nets.faceRecognitionNet.loadFromDisk(models);
    return api;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}
