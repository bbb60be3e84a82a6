import type { LineCheckAnswer } from '@voxlate/contract';
import type { LineCheck } from '@voxlate/core';

/** A line's check in the answers' snake_case. */
export function checkFields(check: LineCheck): LineCheckAnswer {
  const { intelligibility, fit, likeness } = check;
  return {
    score: check.score,
    verdict: check.verdict,
    ...(intelligibility
      ? {
          intelligibility: {
            word_error_rate: intelligibility.wordErrorRate,
            heard: intelligibility.heard,
            engine: intelligibility.engine,
            verdict: intelligibility.verdict,
          },
        }
      : {}),
    fit: { tempo: fit.tempo, overflow_seconds: fit.overflowSeconds, verdict: fit.verdict },
    ...(likeness ? { likeness } : {}),
  };
}
