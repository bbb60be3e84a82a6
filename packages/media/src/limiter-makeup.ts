import type { EngineContext } from '@voxlate/core';
import { argv } from './argv.js';
import {
  LIMITER_MAKEUPS_DB,
  limitedGainFilter,
  makeupToTarget,
  parseEachIntegratedLufs,
  type LimitedLoudness,
  type LoudnessTarget,
} from './loudness.js';
import { runFfmpeg } from './run-ffmpeg.js';

/**
 * The gain that brings the mix to the target once the limiter has taken its share.
 * One read of the mix feeds a limiter at each trial make-up and measures what comes out,
 * so the make-up is found without guessing how much a mix's peaks will cost.
 */
export async function gainThroughLimiter(
  mixPath: string,
  target: LoudnessTarget,
  gainDb: number,
  job: { sampleRate: number; expectedSeconds: number; context: EngineContext; onProgress: (share: number) => void },
): Promise<number> {
  const branches = LIMITER_MAKEUPS_DB.map((makeup, i) => {
    const limited = limitedGainFilter(target, gainDb + makeup, job.sampleRate);
    return `[trial${i}]${limited},ebur128=framelog=verbose[measured${i}]`;
  });
  const split = `[0:a]asplit=${LIMITER_MAKEUPS_DB.length}${LIMITER_MAKEUPS_DB.map((_, i) => `[trial${i}]`).join('')}`;
  const outputs = LIMITER_MAKEUPS_DB.flatMap((_, i) => argv`-map [measured${i}] -f null -`);
  const stderr = await runFfmpeg(argv`-i ${mixPath} -filter_complex ${[split, ...branches].join(';')} ${outputs}`, {
    signal: job.context.signal,
    expectedSeconds: job.expectedSeconds,
    onProgress: (done, total) => job.onProgress(done / total),
  });
  const measured = parseEachIntegratedLufs(stderr);
  const points: LimitedLoudness[] = LIMITER_MAKEUPS_DB.flatMap((makeupDb, i) => {
    const lufs = measured[i];
    return lufs === undefined ? [] : [{ makeupDb, lufs }];
  });
  return gainDb + makeupToTarget(target.lufs, points);
}
