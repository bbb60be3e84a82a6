import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUB_OPTIONS, type LanguageCode, type PipelineEvent } from '@voxlate/core';
import { defaultRegistries } from '@voxlate/engines';
import { Dubber } from './dubber.js';
import { makeLibrivoxWav } from './test/make-media.js';

/**
 * One upload into several languages (issue 29, item 3, the pipeline's part): what the first
 * target heard (speech found, speakers, recognition) is shared, each other target goes on from
 * translation. Real speech: two librivox clips. The time of three targets against one is
 * printed (a figure, not a test: these machines are shared).
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-targets-'));
const dubber = new Dubber(
  { tempRoot: join(root, 'temp'), options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') },
  defaultRegistries(),
);
let input = '';

beforeAll(() => {
  input = makeLibrivoxWav(root);
  mkdirSync(join(root, 'temp'));
});
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
});

const request = (target: LanguageCode, name: string) => ({
  input,
  output: join(root, `${name}.${target}.wav`),
  sourceLanguage: 'eng' as const,
  targetLanguage: target,
});

describe('several targets from one upload', () => {
  it('hears the media once and dubs each target from its translation on', async () => {
    // Every engine warm first (recognisers loaded, a translation server per pair started), so the
    // figure compares the work, not the start-ups.
    await dubber.dubTargets((['spa', 'fra', 'ita'] as const).map((target) => request(target, 'warm')));
    const alone = performance.now();
    const single = await dubber.dub(request('spa', 'alone'));
    const oneSeconds = (performance.now() - alone) / 1000;

    const events: PipelineEvent[] = [];
    const started = performance.now();
    const runs = await dubber.dubTargets(
      (['spa', 'fra', 'ita'] as const).map((target) => request(target, 'many')),
      { onEvent: (event) => events.push(event) },
    );
    const threeSeconds = (performance.now() - started) / 1000;
    console.log(
      `several targets: one target ${oneSeconds.toFixed(1)} s, three ${threeSeconds.toFixed(1)} s ` +
        `(ratio ${(threeSeconds / oneSeconds).toFixed(2)}; three separate dubs would be 3.00)`,
    );

    const ran = (stage: string): number =>
      events.filter((event) => event.type === 'stage-started' && event.stage === stage).length;
    expect([ran('segment'), ran('diarise'), ran('recognise'), ran('translate'), ran('mix')]).toEqual([1, 1, 1, 3, 3]);
    expect(runs.map((run) => run.timeline.targetLanguage)).toEqual(['spa', 'fra', 'ita']);
    for (const run of runs) {
      expect(existsSync(run.output)).toBe(true);
      // The same lines heard as a dub of one target alone, each translated into its own language.
      expect(run.timeline.segments.map((segment) => segment.sourceText)).toEqual(
        single.timeline.segments.map((segment) => segment.sourceText),
      );
      expect(run.timeline.segments.every((segment) => segment.targetText !== '' && segment.dubbed)).toBe(true);
      expect(run.timeline.speakers?.length).toBeGreaterThan(0);
    }
    const [spanish, french] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(french.timeline.segments[0]!.targetText).not.toBe(spanish.timeline.segments[0]!.targetText);
    expect(spanish.timeline.segments.map((segment) => segment.targetText)).toEqual(
      single.timeline.segments.map((segment) => segment.targetText),
    );
    expect(readdirSync(join(root, 'temp'))).toEqual([]);
  }, 300_000);
});
