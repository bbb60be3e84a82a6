import type { LanguageCode } from './languages.js';
import type { Segment } from './timeline.js';

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
  'mix',
  'lipsync',
  'burn',
] as const;

export type StageName = (typeof STAGES)[number];

/** Short human text per stage, as the studio shows it. */
export const STAGE_LABELS: Readonly<Record<StageName, string>> = {
  ingest: 'Preparing media',
  separate: 'Separating voice from background',
  segment: 'Finding speech',
  diarise: 'Identifying speakers',
  recognise: 'Transcribing',
  translate: 'Translating',
  voices: 'Measuring voices',
  synthesise: 'Synthesizing speech',
  shape: 'Matching voice and intonation',
  fit: 'Fitting timing',
  mix: 'Mixing',
  lipsync: 'Lip sync',
  burn: 'Burning in subtitles',
};

export type PipelineEvent =
  | { type: 'stage-started'; stage: StageName }
  | { type: 'progress'; stage: StageName; done: number; total: number; overall: number }
  | { type: 'segment-ready'; stage: StageName; segment: Segment }
  | { type: 'warning'; stage: StageName; message: string }
  | { type: 'stage-finished'; stage: StageName; seconds: number }
  | { type: 'stage-skipped'; stage: StageName; reason: string }
  | { type: 'language-detected'; stage: StageName; language: LanguageCode; probability: number; engine: string };

export type EventListener = (event: PipelineEvent) => void;
