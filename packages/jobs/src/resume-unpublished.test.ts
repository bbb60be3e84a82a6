import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobProcessor, type DubInFolder } from './job-processor.js';
import { openJobStore, type JobRequest } from './job-request.js';
import { makeSpeechWav } from '../../dubber/src/test/make-media.js';
import { offlineTestDubber } from '../../dubber/src/test/offline-dubber.js';

/**
 * A process killed between a run's last stage and its publishing (CI met it under load: a
 * service killed while a group's first language finished). The next run takes the job up with
 * the next run token and goes on from every saved stage, so it dubs nothing: it must take over
 * the file the killed run dubbed (each run dubs into a name of its own), or the job fails on a
 * missing file. On the real pipeline with the offline engines.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-resume-unpublished-'));
const dubber = offlineTestDubber(root);
const store = openJobStore(join(root, 'store'));
let input = '';

beforeAll(async () => {
  input = await makeSpeechWav(root, ['We walk along the river today.', 'The water is cold and clear.']);
}, 60_000);
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a run killed after its last stage, before it published', () => {
  it('is finished by the next run from its saved stages, with the file it dubbed', async () => {
    const request: JobRequest = {
      inputFile: 'speech.wav',
      inputName: 'speech.wav',
      kind: 'audio',
      sourceLanguage: 'eng',
      targetLanguage: 'spa',
      outputContainer: 'wav',
      engines: {},
      choices: { voice: { mode: 'neutral' } },
      client: '127.0.0.1',
    };
    const { id } = await store.create(request);
    await store.shareInput(id, input);
    const dub: DubInFolder = (workDir, dubRequest, run) => dubber.dubIn(workDir, dubRequest, run);
    // The first run dubs every stage, then its process dies: it never publishes.
    let dubbed = false;
    const dies: DubInFolder = async (...args) => {
      await dub(...args);
      dubbed = true;
      return new Promise(() => undefined);
    };
    void new JobProcessor(store, dies).process({ id, group: false }, new AbortController().signal);
    while (!dubbed) await new Promise((resolve) => setTimeout(resolve, 50));
    const results = join(store.folder(id), 'result');
    expect(readdirSync(results)).toEqual(['dubbed-r0-run1.wav']);
    const killedFile = statSync(join(results, 'dubbed-r0-run1.wav')).size;

    let stagesRun = 0;
    const counting: DubInFolder = (workDir, dubRequest, run, workspace) =>
      dub(
        workDir,
        dubRequest,
        {
          ...run,
          onEvent: (event) => {
            if (event.type === 'stage-started') stagesRun++;
            run.onEvent?.(event);
          },
        },
        workspace,
      );
    expect(await new JobProcessor(store, counting).process({ id, group: false }, new AbortController().signal)).toBe(
      'settled',
    );
    const job = await store.get(id);
    expect(job.state).toBe('ready');
    expect(job.result?.file).toBe(join(results, 'dubbed-r0-run2.wav'));
    expect(statSync(job.result!.file).size).toBe(killedFile);
    expect(existsSync(join(results, 'dubbed-r0-run1.wav'))).toBe(false);
    expect(stagesRun).toBe(0);
  }, 120_000);
});
