import type { LanguageCode } from './languages.js';
import type { Segment } from './timeline.js';

/** The stages' ids in the order they run; each is declared in pipeline/stage-list.ts. */
export const STAGES = [
  'ingest',
  'separate',
  'segment',
  'diarise',
  'recognise',
  'translate',
  'voices',
  'synthesise',
  'shape',
  'fit',
  'check',
  'mix',
  'lipsync',
  'burn',
] as const;

export type StageName = (typeof STAGES)[number];

export type PipelineEvent =
  | { type: 'stage-started'; stage: StageName }
  | { type: 'progress'; stage: StageName; done: number; total: number; overall: number }
  | { type: 'segment-ready'; stage: StageName; segment: Segment }
  | { type: 'warning'; stage: StageName; message: string }
  | { type: 'stage-finished'; stage: StageName; seconds: number }
  | { type: 'stage-skipped'; stage: StageName; reason: string }
  | { type: 'language-detected'; stage: StageName; language: LanguageCode; probability: number; engine: string };

export type EventListener = (event: PipelineEvent) => void;
