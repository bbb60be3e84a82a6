import { Internal, throwIfAborted } from '../errors.js';
import type { EventListener, StageName } from '../events.js';
import type { OutputContainer } from '../media.js';
import { ProgressTracker, stageWeightsFor } from '../progress.js';
import type { Timeline } from '../timeline.js';
import type { Separator } from '../separation.js';
import { admitLanguages } from './admit-languages.js';
import { resolveOptions, type DubOptions, type DubRequest, type DubResult } from './dub-request.js';
import type { RedoLines } from './redo-lines.js';
import { restoreRun, saveRun, type SavedRun } from './saved-run.js';
import type { StageCheckpoints } from './stage-checkpoints.js';
import { JobDeadline } from './job-deadline.js';
import { createStageContext, type DubPorts, type StageContext } from './stage-context.js';
import { findSpeech } from './stages/find-speech.js';
import { diarise } from './stages/diarise.js';
import { fitTiming } from './stages/fit-timing.js';
import { measureVoices } from './stages/measure-voices.js';
import { shapeVoices } from './stages/shape-voices.js';
import { ingest } from './stages/ingest.js';
import { lipSync } from './stages/lip-sync.js';
import { burnSubtitles } from './stages/burn-subtitles.js';
import { mix } from './stages/mix.js';
import { recognise } from './stages/recognise.js';
import { chooseSeparator, separate } from './stages/separate.js';
import { synthesise } from './stages/synthesise.js';
import { translate } from './stages/translate.js';

export interface RunOptions {
  signal?: AbortSignal;
  onEvent?: EventListener;
  /** Keep the state after every stage, and go on from the last one kept (a resumed job). */
  checkpoints?: StageCheckpoints;
  /** Render only edited lines again, from a finished run (see RedoLines). */
  redo?: RedoLines;
}

export interface DubRun extends DubResult {
  timeline: Timeline;
}

/** One stage of the run: why it is skipped this time (or undefined), and its work. */
interface Step {
  name: StageName;
  skipReason?: (ctx: StageContext) => Promise<string | undefined> | string | undefined;
  work: (ctx: StageContext) => Promise<unknown>;
}

/** The stages a re-render of edited lines takes from its base run instead of running them. */
const BEFORE_TRANSLATE: ReadonlySet<StageName> = new Set(['ingest', 'separate', 'segment', 'diarise', 'recognise']);

/**
 * Runs the whole dub: ingest -> separate voice from background -> find speech -> who speaks when
 * -> recognise -> translate -> measure voices -> synthesise -> shape voice and intonation -> fit
 * timing -> mix -> lip sync, writing everything it learns on one Timeline. With checkpoints, the
 * state is kept after every stage and a run that was cut short goes on after the last kept one.
 */
export async function runDub(request: DubRequest, ports: DubPorts, run: RunOptions = {}): Promise<DubRun> {
  await admitLanguages(request, ports.engines);
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
  const tracker = new ProgressTracker(stageWeightsFor(options));
  const deadline = new JobDeadline(run.signal);
  const ctx = createStageContext(request, options, ports, timeline, {
    ...run,
    signal: deadline.signal,
    tracker,
  });
  const outcome: { container?: OutputContainer; stageSeconds: Partial<Record<StageName, number>> } = {
    stageSeconds: {},
  };
  const steps = stepsOf(request, options, outcome);
  try {
    const first = await restoreSaved(ctx, steps, run, outcome);
    for (const [i, step] of steps.entries()) {
      if (i < first) {
        completed(ctx, tracker, step.name, 'done before: taken from the saved job');
        continue;
      }
      // The clock starts once the media's real length is known (the header may lie): after
      // ingest, or at once when the run goes on from a saved state.
      if (i === first && first > 0) deadline.arm(options.timeLimit, timeline.duration);
      throwIfAborted(deadline.signal);
      const reason = await step.skipReason?.(ctx);
      if (reason === undefined) await runStage(ctx, tracker, step, outcome.stageSeconds);
      else completed(ctx, tracker, step.name, reason);
      if (step.name === 'ingest') deadline.arm(options.timeLimit, timeline.duration);
      await run.checkpoints?.save(step.name, saveRun(ctx, outcome));
    }
    if (!outcome.container) throw new Internal('The mix stage did not run: no output was written.');
    return { output: request.output, container: outcome.container, stageSeconds: outcome.stageSeconds, timeline };
  } catch (error) {
    throw deadline.explain(error);
  } finally {
    deadline.dispose();
  }
}

function stepsOf(request: DubRequest, options: DubOptions, outcome: { container?: OutputContainer }): Step[] {
  let separator: Separator | undefined;
  return [
    { name: 'ingest', work: ingest },
    {
      name: 'separate',
      skipReason: async (ctx) => {
        const chosen = await chooseSeparator(ctx);
        if (typeof chosen === 'string') return `${chosen}: the original is ducked under the dub`;
        separator = chosen;
        return undefined;
      },
      work: (ctx) => separate(ctx, separator!),
    },
    { name: 'segment', work: findSpeech },
    { name: 'diarise', work: diarise },
    {
      name: 'recognise',
      skipReason: () => (request.transcript === undefined ? undefined : 'the subtitles given are the source text'),
      work: recognise,
    },
    { name: 'translate', work: translate },
    { name: 'voices', work: measureVoices },
    { name: 'synthesise', work: synthesise },
    {
      name: 'shape',
      skipReason: () =>
        options.voice === 'preserve' ? undefined : 'Preserve Voice is off: each speaker gets a plain voice',
      work: shapeVoices,
    },
    { name: 'fit', work: fitTiming },
    {
      name: 'mix',
      work: async (ctx) => {
        outcome.container = await mix(ctx);
      },
    },
    {
      name: 'lipsync',
      skipReason: () => {
        if (!options.lipSync) return 'Lip sync is off';
        return outcome.container === 'mp4' ? undefined : 'the output has no picture';
      },
      work: lipSync,
    },
    {
      name: 'burn',
      skipReason: () => {
        if (!options.burnSubtitles) return 'Burn-in is off: the subtitles are a track the viewer turns on';
        return outcome.container === 'mp4' ? undefined : 'the output has no picture';
      },
      work: burnSubtitles,
    },
  ];
}

/**
 * Puts back the newest saved state (of this run's checkpoints, or else a re-render's base) and
 * returns the index of the first step still to run.
 */
async function restoreSaved(
  ctx: StageContext,
  steps: readonly Step[],
  run: RunOptions,
  outcome: { container?: OutputContainer; stageSeconds: Partial<Record<StageName, number>> },
): Promise<number> {
  const earliest = run.redo ? steps.findIndex((step) => !BEFORE_TRANSLATE.has(step.name)) : 0;
  for (let i = steps.length - 1; i >= earliest && run.checkpoints; i--) {
    const saved = await run.checkpoints.load(steps[i]!.name);
    if (!saved) continue;
    takeSaved(ctx, saved, outcome);
    return i + 1;
  }
  if (run.redo) takeSaved(ctx, run.redo.base, outcome);
  return earliest;
}

function takeSaved(
  ctx: StageContext,
  saved: SavedRun,
  outcome: { container?: OutputContainer; stageSeconds: Partial<Record<StageName, number>> },
): void {
  restoreRun(ctx, saved, (audio) => ctx.ports.media.openAnalysis(audio));
  if (saved.container) outcome.container = saved.container;
  Object.assign(outcome.stageSeconds, saved.stageSeconds);
}

async function runStage(
  ctx: StageContext,
  tracker: ProgressTracker,
  step: Step,
  stageSeconds: Partial<Record<StageName, number>>,
): Promise<void> {
  ctx.emit({ type: 'stage-started', stage: step.name });
  const started = performance.now();
  await step.work(ctx);
  const seconds = (performance.now() - started) / 1000;
  stageSeconds[step.name] = seconds;
  ctx.emit({ type: 'progress', stage: step.name, done: 1, total: 1, overall: tracker.complete(step.name) });
  ctx.emit({ type: 'stage-finished', stage: step.name, seconds });
}

function completed(ctx: StageContext, tracker: ProgressTracker, stage: StageName, reason: string): void {
  ctx.emit({ type: 'stage-skipped', stage, reason });
  ctx.emit({ type: 'progress', stage, done: 1, total: 1, overall: tracker.complete(stage) });
}
