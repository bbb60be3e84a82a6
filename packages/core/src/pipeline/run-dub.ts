import { Internal, throwIfAborted } from '../errors.js';
import type { EventListener, StageName } from '../events.js';
import { ProgressTracker } from '../progress.js';
import type { Timeline } from '../timeline.js';
import { admitLanguages } from './admit-languages.js';
import { resolveChoices, type DubChoices } from './dub-choices.js';
import { resolveOptions, type DubRequest, type DubResult } from './dub-request.js';
import type { RedoLines } from './redo-lines.js';
import { forAnotherTarget } from './another-target.js';
import { restoreRun, saveRun, type SavedRun } from './saved-run.js';
import type { StageCheckpoints } from './stage-checkpoints.js';
import { JobDeadline } from './job-deadline.js';
import { createStageContext, type DubPorts, type StageContext } from './stage-context.js';
import { STAGE_LIST, stageWeights, type RunOutcome, type StageDeclaration, type StagePlanInput } from './stage-list.js';
import { outputContainerOf } from './stages/mix.js';
import { chooseSeparator } from './stages/separate.js';

export interface RunOptions {
  signal?: AbortSignal;
  onEvent?: EventListener;
  /** Keep the state after every stage, and go on from the last one kept (a resumed job). */
  checkpoints?: StageCheckpoints;
  /** Render only edited lines again, from a finished run (see RedoLines). */
  redo?: RedoLines;
  /**
   * A finished run of the same media into another language: what it heard (ingest, separation,
   * speech found, speakers, recognition) is taken from it, and the dub goes on from translation.
   */
  shared?: SavedRun;
  /**
   * Told, once, what this run heard (its state once the stages before translation are behind it,
   * a copy), so that other languages of the same media can go on from it (as `shared`) while
   * this one carries on. Awaited: the files it names are kept until it has returned.
   */
  onHeard?: (heard: SavedRun) => void | Promise<void>;
}

export interface DubRun extends DubResult {
  timeline: Timeline;
  /** The run's state at its end (its files named, not copied): what stems are made from. */
  saved: SavedRun;
}

/** What a run keeps beside the Timeline: the output's container and each stage's time. */
type Outcome = RunOutcome & { stageSeconds: Partial<Record<StageName, number>> };

/** The stages a re-render of edited lines takes from its base run instead of running them. */
const BEFORE_TRANSLATE: ReadonlySet<StageName> = new Set(['ingest', 'separate', 'segment', 'diarise', 'recognise']);

/** A stage that hears the media (the same for every target language), before translation. */
export function isListeningStage(stage: StageName): boolean {
  return BEFORE_TRANSLATE.has(stage);
}

/** The index of the first stage that depends on the target language (translation). */
const FIRST_TARGET_STAGE = STAGE_LIST.findIndex((stage) => !BEFORE_TRANSLATE.has(stage.id));

/**
 * Runs the whole dub, stage by stage as STAGE_LIST declares them (ingest -> separate -> find
 * speech -> who speaks when -> recognise -> translate -> measure voices -> synthesise -> shape
 * voice and intonation -> fit timing -> mix -> lip sync -> burn in), writing everything it learns
 * on one Timeline. Once the media has been looked at, the run is planned: a stage that will not
 * run for it is skipped with its reason and weighs nothing on the progress bar. With
 * checkpoints, the state is kept after every stage and a run that was cut short goes on after
 * the last kept one.
 */
export async function runDub(request: DubRequest, ports: DubPorts, run: RunOptions = {}): Promise<DubRun> {
  await admitLanguages(request, ports.engines);
  const choices = resolveChoices(request.choices);
  const options = resolveOptions(request.options, choices);
  const timeline: Timeline = {
    // 'auto' is settled by the recognise stage; English until then (and when nothing can detect).
    sourceLanguage: request.sourceLanguage === 'auto' ? 'eng' : request.sourceLanguage,
    targetLanguage: request.targetLanguage,
    duration: 0,
    sampleRate: 0,
    segments: [],
    warnings: [],
  };
  const tracker = new ProgressTracker(stageWeights(provisionalPlan(request, choices, options.separation)));
  const deadline = new JobDeadline(run.signal);
  const ctx = createStageContext(request, { choices, options }, ports, timeline, {
    ...run,
    signal: deadline.signal,
    tracker,
  });
  const outcome: Outcome = { stageSeconds: {} };
  try {
    const first = await restoreSaved(ctx, run, outcome);
    if (first >= FIRST_TARGET_STAGE) await run.onHeard?.(saveRun(ctx, outcome));
    let plan: StagePlanInput | undefined;
    for (const [i, stage] of STAGE_LIST.entries()) {
      if (i < first) {
        completed(ctx, tracker, stage.id, 'done before: taken from the saved job');
        continue;
      }
      // The clock starts once the media's real length is known (the header may lie): after
      // ingest, or at once when the run goes on from a saved state.
      if (i === first && first > 0) deadline.arm(options.timeLimit, timeline.duration);
      throwIfAborted(deadline.signal);
      if (!plan && ctx.info) {
        plan = await planRun(ctx, i);
        tracker.replan(stageWeights(plan));
      }
      const reason = plan ? stage.skippedBecause(plan) : undefined;
      if (reason === undefined) await runStage(ctx, tracker, stage, outcome);
      else completed(ctx, tracker, stage.id, reason);
      if (stage.id === 'ingest') deadline.arm(options.timeLimit, timeline.duration);
      await run.checkpoints?.save(stage.id, saveRun(ctx, outcome));
      if (i === FIRST_TARGET_STAGE - 1) await run.onHeard?.(saveRun(ctx, outcome));
    }
    if (!outcome.container) throw new Internal('The mix stage did not run: no output was written.');
    const saved = saveRun(ctx, outcome);
    return {
      output: request.output,
      container: outcome.container,
      stageSeconds: outcome.stageSeconds,
      timeline,
      saved,
    };
  } catch (error) {
    throw deadline.explain(error);
  } finally {
    deadline.dispose();
  }
}

/** Before the media is known: every stage the request asks for is weighed. */
function provisionalPlan(request: DubRequest, choices: DubChoices, separation: 'auto' | 'off'): StagePlanInput {
  return {
    choices,
    picture: request.outputContainer === 'mp4' || choices.lipSync || choices.subtitles.burnIn,
    transcript: request.transcript !== undefined,
    noSeparator: separation === 'off' ? 'separation was turned off' : undefined,
  };
}

/**
 * What this dub runs, once the media has been looked at: whether its output has a picture, and
 * which separator runs (chosen now, unless the separate stage is already behind the run).
 */
async function planRun(ctx: StageContext, next: number): Promise<StagePlanInput> {
  let noSeparator: string | undefined;
  if (next <= STAGE_LIST.findIndex((stage) => stage.id === 'separate')) {
    const chosen = await chooseSeparator(ctx);
    if (typeof chosen === 'string') noSeparator = chosen;
    else ctx.separator = chosen;
  } else if (!ctx.background) noSeparator = 'no separator ran';
  return {
    choices: ctx.choices,
    picture: outputContainerOf(ctx.request, ctx.info!) === 'mp4',
    transcript: ctx.request.transcript !== undefined,
    noSeparator,
  };
}

/**
 * Puts back the newest saved state (of this run's checkpoints, or else a re-render's base, or
 * another target's run of the same media) and returns the index of the first stage still to run.
 */
async function restoreSaved(ctx: StageContext, run: RunOptions, outcome: Outcome): Promise<number> {
  const listened = run.redo !== undefined || run.shared !== undefined;
  const earliest = listened ? FIRST_TARGET_STAGE : 0;
  for (let i = STAGE_LIST.length - 1; i >= earliest && run.checkpoints; i--) {
    const saved = await run.checkpoints.load(STAGE_LIST[i]!.id);
    if (!saved) continue;
    takeSaved(ctx, saved, outcome);
    return i + 1;
  }
  if (run.redo) takeSaved(ctx, run.redo.base, outcome);
  else if (run.shared) takeSaved(ctx, forAnotherTarget(run.shared, ctx.request.targetLanguage), outcome);
  return earliest;
}

function takeSaved(ctx: StageContext, saved: SavedRun, outcome: Outcome): void {
  restoreRun(ctx, saved, (audio) => ctx.ports.media.openAnalysis(audio));
  if (saved.container) outcome.container = saved.container;
  Object.assign(outcome.stageSeconds, saved.stageSeconds);
}

async function runStage(
  ctx: StageContext,
  tracker: ProgressTracker,
  stage: StageDeclaration,
  outcome: Outcome,
): Promise<void> {
  ctx.emit({ type: 'stage-started', stage: stage.id });
  const started = performance.now();
  await stage.run(ctx, outcome);
  const seconds = (performance.now() - started) / 1000;
  outcome.stageSeconds[stage.id] = seconds;
  ctx.emit({ type: 'progress', stage: stage.id, done: 1, total: 1, overall: tracker.complete(stage.id) });
  ctx.emit({ type: 'stage-finished', stage: stage.id, seconds });
}

function completed(ctx: StageContext, tracker: ProgressTracker, stage: StageName, reason: string): void {
  ctx.emit({ type: 'stage-skipped', stage, reason });
  ctx.emit({ type: 'progress', stage, done: 1, total: 1, overall: tracker.complete(stage) });
}
