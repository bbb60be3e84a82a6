import { BadInput, throwIfAborted } from '../errors.js';
import type { EventListener, StageName } from '../events.js';
import { LANGUAGES } from '../languages.js';
import type { OutputContainer } from '../media.js';
import { DEFAULT_STAGE_WEIGHTS, LIP_SYNC_STAGE_WEIGHTS, ProgressTracker } from '../progress.js';
import type { Timeline } from '../timeline.js';
import { resolveOptions, type DubRequest, type DubResult } from './dub-request.js';
import { JobDeadline } from './job-deadline.js';
import { createStageContext, type DubPorts, type StageContext } from './stage-context.js';
import { findSpeech } from './stages/find-speech.js';
import { diarise } from './stages/diarise.js';
import { fitTiming } from './stages/fit-timing.js';
import { measureVoices } from './stages/measure-voices.js';
import { shapeVoices } from './stages/shape-voices.js';
import { ingest } from './stages/ingest.js';
import { lipSync } from './stages/lip-sync.js';
import { mix } from './stages/mix.js';
import { recognise } from './stages/recognise.js';
import { chooseSeparator, separate } from './stages/separate.js';
import { synthesise } from './stages/synthesise.js';
import { translate } from './stages/translate.js';

export interface RunOptions {
  signal?: AbortSignal;
  onEvent?: EventListener;
}

export interface DubRun extends DubResult {
  timeline: Timeline;
}

/**
 * Runs the whole dub: ingest -> separate voice from background -> find speech -> who speaks when
 * -> recognise -> translate -> measure voices -> synthesise -> shape voice and intonation -> fit
 * timing -> mix -> lip sync, writing everything it learns on one Timeline.
 */
export async function runDub(request: DubRequest, ports: DubPorts, run: RunOptions = {}): Promise<DubRun> {
  rejectSameLanguage(request);
  const options = resolveOptions(request.options);
  const timeline: Timeline = {
    // 'auto' is settled by the recognise stage; English until then (and when nothing can detect).
    sourceLanguage: request.sourceLanguage === 'auto' ? 'eng' : request.sourceLanguage,
    targetLanguage: request.targetLanguage,
    duration: 0,
    sampleRate: 0,
    segments: [],
    warnings: [],
  };
  const tracker = new ProgressTracker(options.lipSync ? LIP_SYNC_STAGE_WEIGHTS : DEFAULT_STAGE_WEIGHTS);
  const deadline = new JobDeadline(run.signal);
  const ctx = createStageContext(request, options, ports, timeline, { ...run, signal: deadline.signal, tracker });
  const stageSeconds: Partial<Record<StageName, number>> = {};
  const stage = async <T>(name: StageName, work: (ctx: StageContext) => Promise<T>): Promise<T> => {
    throwIfAborted(deadline.signal);
    ctx.emit({ type: 'stage-started', stage: name });
    const started = performance.now();
    const result = await work(ctx);
    stageSeconds[name] = (performance.now() - started) / 1000;
    ctx.emit({ type: 'progress', stage: name, done: 1, total: 1, overall: tracker.complete(name) });
    ctx.emit({ type: 'stage-finished', stage: name, seconds: stageSeconds[name] });
    return result;
  };

  try {
    await stage('ingest', ingest);
    // The clock starts once the media's real length is known (the header may lie).
    deadline.arm(options.timeLimit, timeline.duration);
    const separator = await chooseSeparator(ctx);
    if (typeof separator === 'string')
      skip(ctx, tracker, 'separate', `${separator}: the original is ducked under the dub`);
    else await stage('separate', (context) => separate(context, separator));
    await stage('segment', findSpeech);
    await stage('diarise', diarise);
    if (request.transcript === undefined) await stage('recognise', recognise);
    else skip(ctx, tracker, 'recognise', 'the subtitles given are the source text');
    await stage('translate', translate);
    await stage('voices', measureVoices);
    await stage('synthesise', synthesise);
    if (options.voice === 'preserve') await stage('shape', shapeVoices);
    else skip(ctx, tracker, 'shape', 'Preserve Voice is off: each speaker gets a plain voice');
    await stage('fit', fitTiming);
    const container: OutputContainer = await stage('mix', mix);
    if (!options.lipSync) skip(ctx, tracker, 'lipsync', 'Lip sync is off');
    else if (container !== 'mp4') skip(ctx, tracker, 'lipsync', 'the output has no picture');
    else await stage('lipsync', lipSync);
    return { output: request.output, container, stageSeconds, timeline };
  } catch (error) {
    throw deadline.explain(error);
  } finally {
    deadline.dispose();
  }
}

function skip(ctx: StageContext, tracker: ProgressTracker, stage: StageName, reason: string): void {
  ctx.emit({ type: 'stage-skipped', stage, reason });
  ctx.emit({ type: 'progress', stage, done: 1, total: 1, overall: tracker.complete(stage) });
}

function rejectSameLanguage(request: DubRequest): void {
  if (request.sourceLanguage === 'auto' && request.transcript !== undefined) {
    throw new BadInput(
      'Name the source language when subtitles are given as the source: it is detected from speech only.',
    );
  }
  if (request.sourceLanguage === request.targetLanguage) {
    const name = LANGUAGES[request.sourceLanguage].name;
    throw new BadInput(
      `The source and target language are both ${name}: choose a target language different from the source.`,
    );
  }
}
