import type { Box, Point, VideoFrame } from '@voxlate/core';
import type { DetectedFace, FaceLandmarker } from '@voxlate/engines';

/**
 * A face landmarker that adds up the seconds its nets take (detection, landmarks, descriptors):
 * the face work any lip sync must do on the frames it looks at, for the lip sync bench's floor.
 */
export class TimedLandmarker implements FaceLandmarker {
  seconds = 0;

  constructor(private readonly inner: FaceLandmarker) {}

  get id(): string {
    return this.inner.id;
  }

  get kind(): FaceLandmarker['kind'] {
    return this.inner.kind;
  }

  get name(): string {
    return this.inner.name;
  }

  detect(frame: VideoFrame, expectedWidth?: number): Promise<DetectedFace[]> {
    return this.timed(() => this.inner.detect(frame, expectedWidth));
  }

  landmarks(frame: VideoFrame, box: Box): Promise<Point[]> {
    return this.timed(() => this.inner.landmarks(frame, box));
  }

  describe(frame: VideoFrame, box: Box): Promise<Float32Array> {
    return this.timed(() => this.inner.describe(frame, box));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async timed<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.seconds += (performance.now() - started) / 1000;
    }
  }
}
