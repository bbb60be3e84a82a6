import {
  throwIfAborted,
  type EngineContext,
  type LipSyncer,
  type LipSyncJob,
  type LipSyncOutcome,
  type LipSyncPlan,
  type YuvFrame,
} from '@voxlate/core';
import type { FaceLandmarker } from '../face-landmarker.js';
import { analyseFrames } from './frame-analysis.js';
import { planLine, type MouthInstruction } from './line-plan.js';
import { paintMouthOnYuv } from './paint-mouth.js';

/** The plan the analysis leaves for the render pass: each synced frame's mouth. */
export class MouthBankPlan implements LipSyncPlan {
  readonly changedFrames: readonly number[];

  constructor(
    readonly outcomes: ReadonlyMap<number, LipSyncOutcome>,
    readonly instructions: ReadonlyMap<number, MouthInstruction>,
    readonly frames: number,
  ) {
    this.changedFrames = [...instructions.keys()].sort((a, b) => a - b);
  }

  get syncedFrames(): number {
    return this.instructions.size;
  }
}

/**
 * Lip sync without a learned generator (sample-based, after Video Rewrite, Bregler et al. 1997):
 * the speaker's own mouths are collected from the whole clip, and each frame of a dubbed line
 * gets the one that best shows the dubbed sound, chosen over the line so it does not flicker,
 * aligned to the face and feathered in. Full resolution, the speaker's own teeth and lips.
 */
export class MouthBankLipSyncer implements LipSyncer {
  readonly id = 'mouth-bank';
  readonly kind = 'offline';
  readonly name = 'Mouth bank (the speaker’s own mouths, chosen by viseme)';

  /** One landmarker per core: the analysis reads that many stretches of the video at once. */
  constructor(private readonly landmarkers: readonly FaceLandmarker[]) {}

  async analyse(job: LipSyncJob, context: EngineContext): Promise<LipSyncPlan> {
    const analysis = await analyseFrames(job, this.landmarkers, context);
    const outcomes = new Map<number, LipSyncOutcome>();
    const instructions = new Map<number, MouthInstruction>();
    for (const line of job.lines) {
      throwIfAborted(context.signal);
      const planned = planLine(line, job.video.fps, analysis);
      outcomes.set(line.segmentId, planned.outcome);
      for (const [frame, instruction] of planned.instructions) instructions.set(frame, instruction);
    }
    return new MouthBankPlan(outcomes, instructions, analysis.frames);
  }

  async close(): Promise<void> {
    await Promise.all(this.landmarkers.map((landmarker) => landmarker.close()));
  }

  async *render(plan: LipSyncPlan, frames: AsyncIterable<YuvFrame>, context: EngineContext): AsyncGenerator<YuvFrame> {
    if (!(plan instanceof MouthBankPlan)) throw new TypeError('The plan was not made by this lip syncer.');
    for await (const frame of frames) {
      throwIfAborted(context.signal);
      const instruction = plan.instructions.get(frame.index);
      if (instruction) paintMouthOnYuv(frame, instruction);
      if (frame.index % 10 === 0) context.onProgress?.(frame.index, plan.frames);
      yield frame;
    }
  }
}
