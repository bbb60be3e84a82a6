import type { Box, EngineInfo, Point, VideoFrame } from '@voxlate/core';

/** A face found by a detector, with its confidence (0-1). */
export interface DetectedFace {
  box: Box;
  score: number;
}

/**
 * Finds faces and their 68 landmarks (the iBUG 300-W layout: jaw 0-16, brows 17-26, nose
 * 27-35, eyes 36-47, outer lips 48-59, inner lips 60-67) in RGB frames.
 */
export interface FaceLandmarker extends EngineInfo {
  /**
   * Every face in the frame. `expectedWidth` (pixels), when a face of about that size is being
   * followed, lets the detector work at the scale that finds it, at less cost.
   */
  detect(frame: VideoFrame, expectedWidth?: number): Promise<DetectedFace[]>;
  /** The 68 landmarks of the face in `box` (a detector's box, possibly moved with the face). */
  landmarks(frame: VideoFrame, box: Box): Promise<Point[]>;
  /** A 128-number descriptor of who the face in `box` is: the same person's lie within ~0.5 (Euclidean). */
  describe(frame: VideoFrame, box: Box): Promise<Float32Array>;
  close(): Promise<void>;
}
