import type { Box, Point } from '@voxlate/core';
import type { RgbImage } from '../frame-pictures.js';

/**
 * face-api's three nets, run somewhere (in this process, or in a child process of its own so
 * that two can run at once): every position is in the pixels of the picture given.
 */
export interface FaceNets {
  /** Faces found by the tiny face detector at `inputSize`, scoring at least `minScore`. */
  detect(image: RgbImage, inputSize: number, minScore: number): Promise<{ box: Box; score: number }[]>;
  /** The 68 landmarks of the face a crop shows. */
  landmarks(image: RgbImage): Promise<Point[]>;
  /** The 128-number descriptor of the face a crop shows. */
  describe(image: RgbImage): Promise<Float32Array>;
  close(): Promise<void>;
}
