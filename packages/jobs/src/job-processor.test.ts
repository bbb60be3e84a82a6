import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BadInput,
  Cancelled,
  type DubRequest,
  type LanguageCode,
  type RunOptions,
  type SavedRun,
  type Timeline,
  whenAborted,
} from '@voxlate/core';
import { DiskJobStore } from './disk-job-store.js';
import { FETCHING_THE_LINK, JobProcessor, type FinishedDub } from './job-processor.js';
import type { FetchLinkedMedia } from './linked-media.js';
import type { JobRequest } from './job-request.js';
import type { JobUpdate } from './job-updates.js';
import { LOCK_LOST } from './run-fence.js';

/**
 * A dub that behaves as the pipeline's does where the processor cares: a run with nothing shared
 * listens (writes its analysis audio in its folder, then tells onHeard), a run with something
 * shared reads the analysis audio it names; each run waits for the test to let it end.
 */
class FakeDubs {
  readonly started: { language: LanguageCode; shared: string | undefined }[] = [];
  running = 0;
  peak = 0;
  private readonly gates = new Map<string, () => void>();

  dub = async (workDir: string, request: DubRequest, run: RunOptions): Promise<FinishedDub> => {
    const language = request.targetLanguage;
    this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      let heard: string;
      if (run.shared) {
        heard = await readFile(run.shared.analysis!.path, 'utf8');
      } else {
        await this.gate(`hear ${language}`, run.signal);
        const path = join(workDir, 'analysis.wav');
        heard = `heard by ${language}`;
        await mkdir(workDir, { recursive: true });
        await writeFile(path, heard);
        await run.onHeard?.(savedRun(path));
      }
      this.started.push({ language, shared: run.shared ? heard : undefined });
      await this.gate(`end ${language}`, run.signal);
      return finished(language);
    } finally {
      this.running--;
    }
  };

  /** Lets the named step of a run go on, once the run has reached it. */
  async open(name: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!this.gates.has(name)) {
      if (Date.now() > deadline) throw new Error(`No run reached "${name}" (ran: ${JSON.stringify(this.started)}).`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    this.gates.get(name)!();
    this.gates.delete(name);
  }

  private gate(name: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.gates.set(name, resolve);
      whenAborted(signal, () => reject(new Cancelled('cancelled')));
    });
  }
}

function timelineOf(targetLanguage: LanguageCode): Timeline {
  return { sourceLanguage: 'eng', targetLanguage, duration: 1, sampleRate: 16000, segments: [], warnings: [] };
}

function savedRun(analysisPath: string): SavedRun {
  return {
    timeline: timelineOf('spa'),
    analysis: { path: analysisPath, sampleRate: 16000, duration: 1 },
    sourceTracks: [],
    stageSeconds: {},
  };
}

function finished(language: LanguageCode): FinishedDub {
  return { timeline: timelineOf(language), container: 'wav', stageSeconds: {}, provenance: {} };
}

/** Waits (polling briefly) until the fake dubs reach a state. */
async function until(reached: () => boolean): Promise<void> {
  while (!reached()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('JobProcessor, a group of languages', () => {
  let root: string;
  let store: DiskJobStore<JobRequest>;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'voxlate-processor-'));
    store = new DiskJobStore<JobRequest>(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  async function group(languages: LanguageCode[]): Promise<string[]> {
    const records = [];
    for (const targetLanguage of languages) records.push(await store.create(request(targetLanguage)));
    const ref = {
      id: records[0]!.id,
      jobs: records.map((record) => ({ id: record.id, targetLanguage: record.request.targetLanguage })),
    };
    for (const record of records) await store.update(record.id, { request: { ...record.request, group: ref } });
    return records.map((record) => record.id);
  }

  it('runs the others beside the listener once it has heard, two at a time, each from what it heard', async () => {
    const ids = await group(['spa', 'fra', 'ita']);
    const dubs = new FakeDubs();
    const phases: string[] = [];
    const processor = new JobProcessor(store, dubs.dub, { languagesAtOnce: 2 });
    const done = processor.process({ id: ids[0]!, group: true }, new AbortController().signal, (id, update) => {
      if (update.type === 'progress' && update.phase?.startsWith('Waiting'))
        phases.push(`${ids.indexOf(id)}: ${update.phase}`);
    });
    await dubs.open('hear spa');
    // French runs while Spanish has not ended: the two overlap.
    await dubs.open('end fra');
    await dubs.open('end spa');
    await dubs.open('end ita');
    expect(await done).toBe('settled');
    expect(dubs.peak).toBe(2);
    expect(dubs.started).toEqual([
      { language: 'spa', shared: undefined },
      { language: 'fra', shared: 'heard by spa' },
      { language: 'ita', shared: 'heard by spa' },
    ]);
    expect(phases).toEqual([
      '1: Waiting for the Spanish dub to hear the speech',
      '2: Waiting for the Spanish dub to hear the speech',
      '2: Waiting for a turn: 2 languages are dubbed at once',
    ]);
    for (const id of ids) expect((await store.get(id)).state).toBe('ready');
  });

  it('keeps what the listener heard for a waiting language when the listener is cancelled after hearing', async () => {
    const ids = await group(['spa', 'fra', 'ita']);
    const dubs = new FakeDubs();
    const processor = new JobProcessor(store, dubs.dub, { languagesAtOnce: 2 });
    const done = processor.process({ id: ids[0]!, group: true }, new AbortController().signal);
    await dubs.open('hear spa');
    await dubs.open('end fra');
    // Italian is waiting for its turn when Spanish is cancelled: Spanish's work folder goes.
    await until(() => dubs.running === 1);
    expect(processor.cancelRunning(ids[0]!)).toBe(true);
    await dubs.open('end ita');
    expect(await done).toBe('settled');
    expect(existsSync(join(store.folder(ids[0]!), 'work'))).toBe(false);
    expect(dubs.started.at(-1)).toEqual({ language: 'ita', shared: 'heard by spa' });
    expect(await Promise.all(ids.map(async (id) => (await store.get(id)).state))).toEqual([
      'cancelled',
      'ready',
      'ready',
    ]);
  });

  it('runs one language at a time with languagesAtOnce 1, and lets the next listen when the first stops before hearing', async () => {
    const ids = await group(['spa', 'fra', 'ita']);
    const dubs = new FakeDubs();
    const processor = new JobProcessor(store, dubs.dub, { languagesAtOnce: 1 });
    const done = processor.process({ id: ids[0]!, group: true }, new AbortController().signal);
    await until(() => dubs.running === 1);
    processor.cancelRunning(ids[0]!);
    await dubs.open('hear fra');
    await dubs.open('end fra');
    await dubs.open('end ita');
    expect(await done).toBe('settled');
    expect(dubs.peak).toBe(1);
    expect(dubs.started).toEqual([
      { language: 'fra', shared: undefined },
      { language: 'ita', shared: 'heard by fra' },
    ]);
  });
});

/** Dubs that each wait for the test to end them, in the order they were started. */
class GatedDubs {
  private readonly ends: (() => void)[] = [];

  dub = (_workDir: string, request: DubRequest, run: RunOptions): Promise<FinishedDub> =>
    new Promise((resolve, reject) => {
      this.ends.push(() => resolve(finished(request.targetLanguage)));
      whenAborted(run.signal, () => reject(new Cancelled('stopped')));
    });

  get started(): number {
    return this.ends.length;
  }

  end(run: number): void {
    this.ends[run]!();
  }
}

describe('JobProcessor, a run that lost its job to another run', () => {
  let root: string;
  let store: DiskJobStore<JobRequest>;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'voxlate-processor-'));
    store = new DiskJobStore<JobRequest>(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('has its late writes refused, says nothing more, and leaves the job to the run that took it up', async () => {
    const { id } = await store.create(request('spa'));
    const dubs = new GatedDubs();
    const lateUpdates: JobUpdate[] = [];
    // The first worker stalls in its run; the queue gives the job to a second worker meanwhile.
    const first = new JobProcessor(store, dubs.dub).process(
      { id, group: false },
      new AbortController().signal,
      (_, u) => lateUpdates.push(u),
    );
    await until(() => dubs.started === 1);
    expect((await store.get(id)).runToken).toBe(1);
    const second = new JobProcessor(store, dubs.dub).process({ id, group: false }, new AbortController().signal);
    await until(() => dubs.started === 2);
    expect((await store.get(id)).runToken).toBe(2);
    lateUpdates.length = 0;
    // The first wakes up and ends its dub: publishing its result is refused.
    dubs.end(0);
    expect(await first).toBe('lost');
    const meanwhile = await store.get(id);
    expect(meanwhile.state).toBe('running');
    expect(meanwhile.result).toBeUndefined();
    expect(lateUpdates).toEqual([]);
    dubs.end(1);
    expect(await second).toBe('settled');
    const done = await store.get(id);
    expect(done.state).toBe('ready');
    expect(done.result?.file).toMatch(/dubbed-r0-run2\.wav$/);
  });

  it('takes over the file a killed run dubbed and never published (its stages are saved), under its own name', async () => {
    const { id } = await store.create(request('spa'));
    const results = join(store.folder(id), 'result');
    await mkdir(results, { recursive: true });
    // Run 1 took the job up and dubbed its file, then its process was killed.
    await store.update(id, { state: 'running', runToken: 1 });
    await writeFile(join(results, 'dubbed-r0-run1.wav'), 'left by a killed run');
    await writeFile(join(results, 'spa.srt'), 'subtitles');
    const dubs = new GatedDubs();
    const run = new JobProcessor(store, dubs.dub).process({ id, group: false }, new AbortController().signal);
    await until(() => dubs.started === 1);
    dubs.end(0);
    expect(await run).toBe('settled');
    expect(existsSync(join(results, 'dubbed-r0-run1.wav'))).toBe(false);
    expect((await store.get(id)).result?.file).toBe(join(results, 'dubbed-r0-run2.wav'));
    // This dub went on from the killed run's saved stages (here: did not write): its file is the killed run's.
    expect(await readFile(join(results, 'dubbed-r0-run2.wav'), 'utf8')).toBe('left by a killed run');
    expect(existsSync(join(results, 'spa.srt'))).toBe(true);
  });

  it('stops when its worker lost the queue lock, and shows the job queued for the next', async () => {
    const { id } = await store.create(request('spa'));
    const dubs = new GatedDubs();
    const stall = new AbortController();
    const run = new JobProcessor(store, dubs.dub).process({ id, group: false }, stall.signal);
    await until(() => dubs.started === 1);
    stall.abort(LOCK_LOST);
    expect(await run).toBe('lost');
    const record = await store.get(id);
    expect(record.state).toBe('queued');
    expect(record.error).toBeUndefined();
  });
});

describe('JobProcessor, a URL import (a job whose media is a link)', () => {
  let root: string;
  let store: DiskJobStore<JobRequest>;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'voxlate-processor-'));
    store = new DiskJobStore<JobRequest>(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const linked = (): JobRequest => ({ ...request('spa'), inputFile: '', link: 'https://example.test/talk.mp4' });

  it('fetches the link first, keeps what came in the record, and dubs the fetched file', async () => {
    const { id } = await store.create(linked());
    const inputs: string[] = [];
    const phases: string[] = [];
    const fetchLinked: FetchLinkedMedia = async (folder, asked) => {
      expect(asked.link).toBe('https://example.test/talk.mp4');
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'linked-media'), "the link's media");
      return { inputFile: 'linked-media', kind: 'video', outputContainer: 'mp4', choices: {}, phases: ['recognise'] };
    };
    const dub = async (_workDir: string, dubbed: DubRequest): Promise<FinishedDub> => {
      inputs.push(await readFile(dubbed.input, 'utf8'));
      return { ...finished('spa'), container: 'mp4' };
    };
    const outcome = await new JobProcessor(store, dub, { languagesAtOnce: 1, fetchLinked }).process(
      { id, group: false },
      new AbortController().signal,
      (_, update) => {
        if (update.type === 'progress') phases.push(update.phase ?? '');
      },
    );
    expect(outcome).toBe('settled');
    expect(inputs).toEqual(["the link's media"]);
    expect(phases[0]).toBe(FETCHING_THE_LINK);
    const done = await store.get(id);
    expect(done.state).toBe('ready');
    expect(done.request).toMatchObject({ inputFile: 'linked-media', kind: 'video', outputContainer: 'mp4' });
    expect(done.result?.container).toBe('mp4');
  });

  it("fails the job with the fetch's own words when the link cannot be imported, and never dubs", async () => {
    const { id } = await store.create(linked());
    const dubs = new GatedDubs();
    const fetchLinked: FetchLinkedMedia = () =>
      Promise.reject(
        new BadInput('Links to private addresses are refused (VOXLATE_ALLOW_PRIVATE_URLS=1 allows them).'),
      );
    const processor = new JobProcessor(store, dubs.dub, { languagesAtOnce: 1, fetchLinked });
    expect(await processor.process({ id, group: false }, new AbortController().signal)).toBe('settled');
    const failed = await store.get(id);
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toMatch(/VOXLATE_ALLOW_PRIVATE_URLS=1/);
    expect(dubs.started).toBe(0);
  });

  it('fails such a job in a process started without a link fetcher, saying so', async () => {
    const { id } = await store.create(linked());
    const dubs = new GatedDubs();
    expect(await new JobProcessor(store, dubs.dub).process({ id, group: false }, new AbortController().signal)).toBe(
      'settled',
    );
    const failed = await store.get(id);
    expect(failed.state).toBe('failed');
    expect(failed.error?.code).toBe('Internal');
    expect(dubs.started).toBe(0);
  });
});

function request(targetLanguage: LanguageCode): JobRequest {
  return {
    inputFile: 'talk.wav',
    inputName: 'talk.wav',
    kind: 'audio',
    sourceLanguage: 'eng',
    targetLanguage,
    outputContainer: 'wav',
    engines: {},
    choices: {},
    client: '127.0.0.1',
  };
}
