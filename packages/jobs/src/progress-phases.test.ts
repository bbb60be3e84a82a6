import { describe, expect, it } from 'vitest';
import type { PipelineEvent } from '@voxlate/core';
import { ProgressPhases } from './progress-phases.js';

describe('ProgressPhases', () => {
  it('shows only the stages that run: a skipped stage moves the bar but never becomes the phase', () => {
    const phases = new ProgressPhases(true);
    const events: PipelineEvent[] = [
      { type: 'stage-started', stage: 'mix' },
      { type: 'progress', stage: 'mix', done: 1, total: 2, overall: 80 },
      { type: 'progress', stage: 'mix', done: 1, total: 1, overall: 90 },
      { type: 'stage-skipped', stage: 'lipsync', reason: 'Lip sync is off' },
      { type: 'progress', stage: 'lipsync', done: 1, total: 1, overall: 95 },
      { type: 'stage-skipped', stage: 'burn', reason: 'Burn-in is off' },
      { type: 'progress', stage: 'burn', done: 1, total: 1, overall: 100 },
    ];
    const shown = events.flatMap((event) => phases.update(event) ?? []);
    expect(shown.map((update) => update.phase)).not.toContain('Lip sync');
    expect(shown.map((update) => update.phase)).not.toContain('Burning in subtitles');
    expect(shown.at(-1)).toEqual({ progress: 99, phase: 'Encoding video' });
  });
});
