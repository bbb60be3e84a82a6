import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUB_OPTIONS, DEFAULT_MIX, type PipelineEvent } from '@voxlate/core';
import { defaultRegistries } from '@voxlate/engines';
import { MDX_KIM_VOCAL_2, ModelManager } from '@voxlate/models';
import { writeTinyMdx } from '@voxlate/tiny-models';
import { Dubber } from './dubber.js';
import { durationOf, makeLibrivoxWav, makeSpeechOverMusic } from './test/make-media.js';

/** The separate stage in the pipeline on a tiny MDX model (no quality claim), and without one. */
const root = mkdtempSync(join(tmpdir(), 'voxlate-separation-path-'));
const jobs = mkdtempSync(join(tmpdir(), 'voxlate-separation-jobs-'));
const manager = new ModelManager({ root: join(root, 'models'), hubBase: 'http://127.0.0.1:9', offline: true });
const dubber = new Dubber(
  { tempRoot: jobs, options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') },
  defaultRegistries(manager),
);
const TRANSCRIPT = '1\n00:00:00,300 --> 00:00:02,800\nShe was the eldest of the three daughters.\n';
let input = '';

beforeAll(async () => {
  await writeTinyMdx(join(manager.folderOf(MDX_KIM_VOCAL_2), 'Kim_Vocal_2.onnx'));
  await manager.adopt('mdx-kim-vocal-2');
  input = makeSpeechOverMusic(root, makeLibrivoxWav(root)).mix;
});
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(jobs, { recursive: true, force: true });
});

function dub(
  options: { separation?: 'auto' | 'off' } = {},
): Promise<{ events: PipelineEvent[]; run: Awaited<ReturnType<Dubber['dub']>> }> {
  const events: PipelineEvent[] = [];
  const output = join(root, `dub-${options.separation ?? 'auto'}.wav`);
  return dubber
    .dub(
      { input, output, sourceLanguage: 'eng', targetLanguage: 'spa', transcript: TRANSCRIPT, options },
      { onEvent: (event) => events.push(event) },
    )
    .then((run) => ({ events, run }));
}

describe('the separate stage', () => {
  it('separates the voice out when a separator is installed and mixes over the background', async () => {
    const { events, run } = await dub();
    expect(run.timeline.background).toEqual({ method: 'separated', engine: 'mdx-kim-vocal-2' });
    expect(events).toContainEqual({ type: 'stage-started', stage: 'separate' });
    const progress = events.filter((event) => event.type === 'progress' && event.stage === 'separate');
    expect(progress.length).toBeGreaterThan(2);
    expect(run.provenance.engines).toMatchObject({ separate: ['mdx-kim-vocal-2'] });
    expect(durationOf(run.output)).toBeCloseTo(durationOf(input), 1);
    expect(readdirSync(jobs)).toEqual([]);
  });

  it('ducks the original, and says why, when separation is off', async () => {
    const { events, run } = await dub({ separation: 'off' });
    expect(run.timeline.background).toEqual({
      method: 'ducked',
      duckDb: DEFAULT_MIX.duckDb,
      reason: 'separation was turned off',
    });
    expect(events).toContainEqual({
      type: 'stage-skipped',
      stage: 'separate',
      reason: 'separation was turned off: the original is ducked under the dub',
    });
    expect(events).not.toContainEqual({ type: 'stage-started', stage: 'separate' });
  });
});
