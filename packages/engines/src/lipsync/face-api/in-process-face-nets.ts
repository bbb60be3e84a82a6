import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Box, Point } from '@voxlate/core';
import type { RgbImage } from '../frame-pictures.js';
import type { FaceNets } from './face-nets.js';
import { installFastConcat, type TfKernels } from './fast-concat.js';

type FaceApi = typeof import('@vladmandic/face-api');

/** face-api's nets on TensorFlow.js's WebAssembly backend in this process (loaded once: tfjs keeps one backend). */
export class InProcessFaceNets implements FaceNets {
  private constructor(private readonly api: FaceApi) {}

  static async create(): Promise<InProcessFaceNets> {
    return new InProcessFaceNets(await loadFaceApi());
  }

  async detect(image: RgbImage, inputSize: number, minScore: number): Promise<{ box: Box; score: number }[]> {
    const { nets, TinyFaceDetectorOptions } = this.api;
    return this.withTensor(image, async (input) => {
      const found = await nets.tinyFaceDetector.locateFaces(
        input,
        new TinyFaceDetectorOptions({ inputSize, scoreThreshold: minScore }),
      );
      return found.map((face) => ({
        score: face.score,
        box: { x: face.box.x, y: face.box.y, width: face.box.width, height: face.box.height },
      }));
    });
  }

  landmarks(image: RgbImage): Promise<Point[]> {
    return this.withTensor(image, async (input) => {
      const found = await this.api.nets.faceLandmark68Net.detectLandmarks(input);
      const landmarks = Array.isArray(found) ? found[0]! : found;
      return landmarks.positions.map((p) => ({ x: p.x, y: p.y }));
    });
  }

  describe(image: RgbImage): Promise<Float32Array> {
    return this.withTensor(image, async (input) => {
      const found = await this.api.nets.faceRecognitionNet.computeFaceDescriptor(input);
      return Array.isArray(found) ? found[0]! : found;
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private async withTensor<T>(image: RgbImage, work: (input: Tensor3D) => Promise<T>): Promise<T> {
    const input = this.api.tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
    try {
      return await work(input);
    } finally {
      input.dispose();
    }
  }
}

type Tensor3D = ReturnType<FaceApi['tf']['tensor3d']>;

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

/** face-api and its three nets, loaded once per process. */
function loadFaceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const api = require(FACE_API_FILES.entry) as FaceApi;
    const tf = api.tf as unknown as TfjsBackendControl;
    tf.setWasmPaths(`${FACE_API_FILES.wasmDir}/`);
    // The backend's Emscripten module installs process-wide handlers that rethrow any uncaught
    // exception and unhandled rejection (printing its whole minified source): the service's own
    // handling must stay in charge.
    await withoutNewProcessHandlers(async () => {
      await tf.setBackend('wasm');
      await tf.ready();
    });
    installFastConcat(api.tf as unknown as TfKernels);
    await api.nets.tinyFaceDetector.loadFromDisk(FACE_API_FILES.models);
    await api.nets.faceLandmark68Net.loadFromDisk(FACE_API_FILES.models);
    await api.nets.faceRecognitionNet.loadFromDisk(FACE_API_FILES.models);
    return api;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

const require = createRequire(import.meta.url);

/** Where face-api's node-wasm build, its models and tfjs's WebAssembly files are installed. */
export const FACE_API_FILES = {
  entry: require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js'),
  models: join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model'),
  wasmDir: dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')),
};
