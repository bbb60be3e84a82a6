import { Cancelled } from '@voxlate/core';
import { floatFramesOfFile } from './float-frames.js';
import { LoudnessMeter } from './loudness-meter.js';
import { PeakLimiter } from './peak-limiter.js';
import {
  LIMITER_MAKEUPS_DB,
  limiterFor,
  makeupToTarget,
  type LimitedLoudness,
  type LoudnessTarget,
} from './loudness.js';

/**
 * The gain that brings the mix to the target once the limiter has taken its share.
 * One read of the mix (raw float PCM) feeds a limiter at each trial make-up and measures what
 * comes out, so the make-up is found without guessing how much a mix's peaks will cost.
 */
export async function gainThroughLimiter(
  mixPath: string,
  target: LoudnessTarget,
  gainDb: number,
  job: {
    format: { sampleRate: number; channels: number };
    totalFrames: number;
    signal?: AbortSignal | undefined;
    onProgress: (share: number) => void;
  },
): Promise<number> {
  const { sampleRate, channels } = job.format;
  const trials = LIMITER_MAKEUPS_DB.map((makeupDb) => ({
    makeupDb,
    limiter: limiterFor(target, gainDb + makeupDb, job.format),
    meter: new LoudnessMeter(sampleRate, channels, { truePeak: false }),
  }));
  // The peaks do not depend on the gain: one detector serves every trial, down to the loudest's level.
  const detector = PeakLimiter.detector(channels);
  const level = Math.min(...trials.map((trial) => trial.limiter.level));
  let frames = 0;
  for await (const chunk of floatFramesOfFile(mixPath, channels)) {
    if (job.signal?.aborted) throw new Cancelled();
    const peaks = detector.push(chunk, level);
    for (const trial of trials) trial.meter.add(trial.limiter.processPeaked(chunk, peaks));
    frames += chunk.length / channels;
    job.onProgress(Math.min(1, frames / Math.max(1, job.totalFrames)));
  }
  const lastPeaks = detector.flush(level);
  const points: LimitedLoudness[] = trials.map((trial) => {
    trial.meter.add(trial.limiter.flushPeaked(lastPeaks));
    return { makeupDb: trial.makeupDb, lufs: trial.meter.result().integratedLufs };
  });
  return gainDb + makeupToTarget(target.lufs, points);
}
