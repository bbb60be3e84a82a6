import { STAGES, type StageName } from '../events.js';
import type { OutputContainer } from '../media.js';
import type { DubChoices } from './dub-choices.js';
import type { StageContext } from './stage-context.js';
import { burnSubtitles } from './stages/burn-subtitles.js';
import { checkLines } from './stages/check-lines.js';
import { diarise } from './stages/diarise.js';
import { findSpeech } from './stages/find-speech.js';
import { fitTiming } from './stages/fit-timing.js';
import { ingest } from './stages/ingest.js';
import { lipSync } from './stages/lip-sync.js';
import { measureVoices } from './stages/measure-voices.js';
import { mix } from './stages/mix.js';
import { recognise } from './stages/recognise.js';
import { separate } from './stages/separate.js';
import { shapeVoices } from './stages/shape-voices.js';
import { synthesise } from './stages/synthesise.js';
import { translate } from './stages/translate.js';

/** What decides which stages a dub runs, known once the media has been looked at. */
export interface StagePlanInput {
  choices: DubChoices;
  /** The output has a picture (an MP4 made from a video). */
  picture: boolean;
  /** Subtitles were given as the source text. */
  transcript: boolean;
  /** Why no separator runs (separation off, none installed); undefined when one does. */
  noSeparator?: string | undefined;
}

/** What a run learns beside the Timeline. */
export interface RunOutcome {
  container?: OutputContainer;
}

/** One stage, declared once: everything that names, weighs, plans, runs or reports it reads this. */
export interface StageDeclaration {
  id: StageName;
  /** What the creator sees while it runs (the studio's phase, the CLI's bar). */
  label: string;
  /** Its share of the progress bar when it runs, measured on the offline engines. */
  weight: number;
  /** Why it does not run for this dub, or undefined when it does. */
  skippedBecause: (plan: StagePlanInput) => string | undefined;
  /** What it reads and writes: the Timeline's fields and the run's files. */
  reads: readonly string[];
  writes: readonly string[];
  run: (ctx: StageContext, outcome: RunOutcome) => Promise<unknown>;
}

const always = (): undefined => undefined;
const NO_PICTURE = 'the output has no picture';

/**
 * Lip sync's weight: it reads every frame twice and re-encodes the picture. On the offline
 * engines it took five times the rest of the dub put together on a 720p talking head at 30 fps
 * and about twice on a 640x360 one (see the benchmark): weighed between the two.
 */
const LIP_SYNC_WEIGHT = 400;
/** Burn-in's: one x264 encode of the picture, no analysis (an estimate: 8.3 s of 720p took 1.45 s). */
const BURN_WEIGHT = 20;

const DECLARATIONS: Readonly<Record<StageName, Omit<StageDeclaration, 'id'>>> = {
  ingest: {
    label: 'Preparing media',
    weight: 4,
    skippedBecause: always,
    reads: ['input media'],
    writes: ['duration', 'sampleRate', 'media info', 'analysis audio (16 kHz mono)'],
    run: ingest,
  },
  separate: {
    label: 'Separating voice from background',
    // Weighed by its cost where it runs (neural, about the cost of recognition).
    weight: 12,
    skippedBecause: (plan) => plan.noSeparator && `${plan.noSeparator}: the original is ducked under the dub`,
    reads: ['input media'],
    writes: ['background', 'separated background file'],
    run: (ctx) => separate(ctx),
  },
  segment: {
    label: 'Finding speech',
    weight: 4,
    skippedBecause: always,
    reads: ['analysis audio', 'transcript'],
    writes: ['segments (start, end)'],
    run: findSpeech,
  },
  diarise: {
    label: 'Identifying speakers',
    weight: 3,
    skippedBecause: always,
    reads: ['analysis audio', 'segments'],
    writes: ['segments (speaker)', 'diariser'],
    run: diarise,
  },
  recognise: {
    label: 'Transcribing',
    weight: 40,
    skippedBecause: (plan) => (plan.transcript ? 'the subtitles given are the source text' : undefined),
    reads: ['analysis audio', 'segments'],
    writes: ['sourceLanguage', 'segments (sourceText, words)'],
    run: recognise,
  },
  translate: {
    label: 'Translating',
    weight: 8,
    skippedBecause: always,
    reads: ['segments (sourceText)'],
    writes: ['segments (targetText, quality, mtRoute, untranslated)'],
    run: translate,
  },
  voices: {
    label: 'Measuring voices',
    weight: 3,
    skippedBecause: always,
    reads: ['analysis audio', 'segments'],
    writes: ['speakers', 'segments (prosody)', 'source pitch tracks'],
    run: measureVoices,
  },
  synthesise: {
    label: 'Synthesizing speech',
    weight: 16,
    skippedBecause: always,
    reads: ['segments (targetText, prosody)', 'speakers'],
    writes: ['segments (speech, phonemes, voice)', 'speech clips'],
    run: synthesise,
  },
  shape: {
    label: 'Matching voice and intonation',
    weight: 4,
    skippedBecause: (plan) =>
      plan.choices.voice.mode === 'neutral' ? 'Preserve Voice is off: each speaker gets a plain voice' : undefined,
    reads: ['segments (speech, prosody)', 'source pitch tracks'],
    writes: ['segments (speech, voice)'],
    run: shapeVoices,
  },
  fit: {
    label: 'Fitting timing',
    weight: 10,
    skippedBecause: always,
    reads: ['segments (speech)'],
    writes: ['segments (dubbed, fit, review)', 'outputDuration'],
    run: fitTiming,
  },
  check: {
    label: 'Checking each dubbed line',
    // Hearing an English dub back took 1.16 s of a 10 s dub's 6.1 s (mix: 0.9 s); without a
    // recogniser for the target it only times the lines.
    weight: 15,
    skippedBecause: always,
    reads: ['segments (dubbed, fit, targetText)'],
    writes: ['segments (check)'],
    run: checkLines,
  },
  mix: {
    label: 'Mixing',
    weight: 18,
    skippedBecause: always,
    reads: ['segments (dubbed)', 'background', 'input media'],
    writes: ['output file', 'mixGainDb'],
    run: async (ctx, outcome) => {
      outcome.container = await mix(ctx);
    },
  },
  lipsync: {
    label: 'Lip sync',
    weight: LIP_SYNC_WEIGHT,
    skippedBecause: (plan) => (!plan.choices.lipSync ? 'Lip sync is off' : plan.picture ? undefined : NO_PICTURE),
    reads: ['segments (dubbed, phonemes, speaker)', 'input picture'],
    writes: ['segments (lipSync)', 'lipSync', 'output picture'],
    run: lipSync,
  },
  burn: {
    label: 'Burning in subtitles',
    weight: BURN_WEIGHT,
    skippedBecause: (plan) =>
      !plan.choices.subtitles.burnIn
        ? 'Burn-in is off: the subtitles are a track the viewer turns on'
        : plan.picture
          ? undefined
          : NO_PICTURE,
    reads: ['segments (targetText, dubbed)', 'output picture'],
    writes: ['output picture'],
    run: burnSubtitles,
  },
};

/** Every stage in the order they run. */
export const STAGE_LIST: readonly StageDeclaration[] = STAGES.map((id) => ({ id, ...DECLARATIONS[id] }));

export function stageLabel(stage: StageName): string {
  return DECLARATIONS[stage].label;
}

/** The stages that run for this dub, in order. */
export function plannedStages(plan: StagePlanInput): StageDeclaration[] {
  return STAGE_LIST.filter((stage) => stage.skippedBecause(plan) === undefined);
}

/** The progress weights of a plan: stages that do not run have none. */
export function stageWeights(plan: StagePlanInput): Array<readonly [StageName, number]> {
  return STAGE_LIST.map((stage) => [stage.id, stage.skippedBecause(plan) === undefined ? stage.weight : 0] as const);
}
