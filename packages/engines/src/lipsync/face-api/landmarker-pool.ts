import { availableParallelism } from 'node:os';
import { FaceApiLandmarker } from './face-api-landmarker.js';

/**
 * Lip sync's face landmarkers: this process's own, and one more in a child process for every
 * two further cores (tfjs's WebAssembly backend runs on one thread). Reading 720p frames takes
 * the main process about 1.2 cores and ffmpeg's decoder the rest of two: on two cores a second
 * landmarker measured 6.3-7.8 s against 6.5-7.0 s for one, so there it is one.
 */
export async function landmarkerPool(): Promise<FaceApiLandmarker[]> {
  const children = Math.max(0, Math.floor(availableParallelism() / 2) - 1);
  return [
    await FaceApiLandmarker.create(),
    ...(await Promise.all(Array.from({ length: children }, () => FaceApiLandmarker.create('child')))),
  ];
}
