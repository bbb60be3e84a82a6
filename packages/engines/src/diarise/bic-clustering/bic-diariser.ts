import {
  loudestDb,
  throwIfAborted,
  type AudioSource,
  type DiariseOptions,
  type Diariser,
  type EngineContext,
  type SpeakerTurn,
  type TimeSpan,
} from '@voxlate/core';
import { trackEnergy } from '../../dsp/frame-energy.js';
import { MfccAnalyser } from '../../dsp/mfcc.js';
import { agglomerate } from './agglomerate.js';
import { findChangePoints, type FeatureFrames } from './change-points.js';
import { deltaBic, GaussianStats } from './gaussian-stats.js';

const HOP_SECONDS = 0.01;
/** Frames this far below the loudest frame of their span are pauses, not voice. */
const SPEECH_RANGE_DB = 30;
/** Units with less voice than this are too short for a covariance: they join the nearest cluster. */
const MIN_CLUSTER_FRAMES = 100;
export interface BicPenalties {
  /** λ for a speaker change inside a stretch of speech. */
  change: number;
  /** λ for keeping two clusters apart. */
  cluster: number;
}

/** Tuned on two-speaker files made of real recordings (see the eval): a one-speaker file stays one. */
export const DEFAULT_PENALTIES: BicPenalties = { change: 1.4, cluster: 3 };
const CHANGE_WINDOW = { windowFrames: 200, minPieceFrames: 150 };

interface Unit {
  start: number;
  end: number;
  stats: GaussianStats;
}

/**
 * Who speaks when, with no learned weights: MFCCs (c1-c12, 100-4000 Hz) of the voiced frames,
 * speaker changes inside a stretch found by ΔBIC between neighbouring 2 s windows, then
 * agglomerative ΔBIC clustering of the pieces with BIC's own stopping rule.
 */
export class BicDiariser implements Diariser {
  readonly id = 'bic-clustering';
  readonly kind = 'offline' as const;
  readonly name = 'MFCC + BIC clustering';

  constructor(private readonly penalties: BicPenalties = DEFAULT_PENALTIES) {}

  async diarise(
    audio: AudioSource,
    spans: readonly TimeSpan[],
    options: DiariseOptions,
    context: EngineContext,
  ): Promise<SpeakerTurn[]> {
    const mfcc = await MfccAnalyser.create(audio.sampleRate);
    try {
      const units: Unit[] = [];
      for (const [i, span] of spans.entries()) {
        throwIfAborted(context.signal);
        const frames = voicedFeatures(await audio.read(span.start, span.end), span.start, audio.sampleRate, mfcc);
        units.push(...splitAtChanges(span, frames, this.penalties.change));
        context.onProgress?.(i + 1, spans.length);
      }
      const labels = clusterUnits(units, options.speakers, this.penalties.cluster);
      return units.map((unit, i) => ({ start: unit.start, end: unit.end, speaker: labels[i]! }));
    } finally {
      mfcc.dispose();
    }
  }
}

function voicedFeatures(samples: Float32Array, offset: number, sampleRate: number, mfcc: MfccAnalyser): FeatureFrames {
  const cepstra = mfcc.analyse(samples, HOP_SECONDS);
  const energy = trackEnergy(samples, sampleRate, HOP_SECONDS);
  const d = cepstra.coefficients;
  const loudest = loudestDb(energy.db);
  const keep: number[] = [];
  for (let f = 0; f < cepstra.frames; f++) {
    // MFCC frame f starts at f*hop; its centre is 12.5 ms later, the energy frame nearest it.
    const db = energy.db[Math.min(energy.db.length - 1, f + 1)] ?? -Infinity;
    if (db > loudest - SPEECH_RANGE_DB) keep.push(f);
  }
  const values = new Float32Array(keep.length * d);
  const times = new Float64Array(keep.length);
  keep.forEach((f, k) => {
    values.set(cepstra.values.subarray(f * d, (f + 1) * d), k * d);
    times[k] = offset + f * HOP_SECONDS + 0.0125;
  });
  return { values, times, dimensions: d };
}

/** The span cut where the speaker changes; each piece a unit with its frames' statistics. */
function splitAtChanges(span: TimeSpan, frames: FeatureFrames, penalty: number): Unit[] {
  const cuts = findChangePoints(frames, { ...CHANGE_WINDOW, penalty });
  const bounds = [0, ...cuts, frames.times.length];
  return bounds.slice(0, -1).map((from, i) => {
    const to = bounds[i + 1]!;
    const start = i === 0 ? span.start : (frames.times[from - 1]! + frames.times[from]!) / 2;
    const end = i === bounds.length - 2 ? span.end : (frames.times[to - 1]! + frames.times[to]!) / 2;
    return { start, end, stats: GaussianStats.of(frames.values, frames.dimensions, from, to) };
  });
}

/** Long units are clustered; short ones then join the cluster they fit best. */
function clusterUnits(units: readonly Unit[], speakers: number | undefined, penalty: number): number[] {
  const long = units.flatMap((unit, i) => (unit.stats.count >= MIN_CLUSTER_FRAMES ? [i] : []));
  const seeds = long.length > 0 ? long : units.map((_, i) => i);
  const seedLabels = agglomerate(
    seeds.map((i) => units[i]!.stats),
    { penalty, ...(speakers === undefined ? {} : { clusters: Math.min(speakers, seeds.length) }) },
  );
  const clusterCount = Math.max(0, ...seedLabels) + 1;
  const clusters = Array.from({ length: clusterCount }, (_, c) =>
    seeds
      .filter((_, k) => seedLabels[k] === c)
      .reduce((sum, i) => sum.plus(units[i]!.stats), new GaussianStats(units[0]!.stats.dimensions)),
  );
  const labels = new Array<number>(units.length);
  seeds.forEach((unit, k) => (labels[unit] = seedLabels[k]!));
  units.forEach((unit, i) => {
    if (labels[i] !== undefined || unit.stats.count === 0) return;
    labels[i] = nearest(unit.stats, clusters, penalty);
  });
  return renumberByAppearance(labels.map((label) => label ?? 0));
}

function nearest(stats: GaussianStats, clusters: readonly GaussianStats[], penalty: number): number {
  let best = 0;
  clusters.forEach((cluster, c) => {
    if (deltaBic(stats, cluster, penalty) < deltaBic(stats, clusters[best]!, penalty)) best = c;
  });
  return best;
}

function renumberByAppearance(labels: readonly number[]): number[] {
  const order = new Map<number, number>();
  return labels.map((label) => {
    if (!order.has(label)) order.set(label, order.size);
    return order.get(label)!;
  });
}
