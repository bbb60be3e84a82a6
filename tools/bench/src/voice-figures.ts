import { join } from 'node:path';
import {
  DEFAULT_MIX,
  countSpokenSyllables,
  placedSpan,
  type ProsodyTrack,
  type LanguageCode,
  type Segment,
  type VoiceMode,
  voicedValues,
} from '@voxlate/core';
import type { EngineRegistries } from '@voxlate/engines';
import { Dubber, configFromEnv } from '@voxlate/dubber';
import {
  decode16k,
  diarisationErrorRate,
  levelContour,
  mean,
  pauseSeconds,
  pearson,
  pitchContour,
  spearman,
} from './voice-metrics.js';
import { lineLevels, type LinePair } from './line-to-line.js';
import { trueSpeaker, voiceScenes, type Turn, type VoiceScene } from './voice-scenes.js';

/** The figures of one dub of one scene. */
export interface VoiceFigures {
  scene: string;
  mode: VoiceMode;
  lines: number;
  /** Share of lines whose dub median F0 is within 10 % of their speaker's. */
  f0Within10: number;
  /** Median over lines of |dub median F0 / speaker median F0 - 1|. */
  f0MedianError: number;
  /** Per true speaker: F0 range (10-90 %) of their dubbed lines over that of their own speech. */
  rangeRatios: number[];
  /** Per true speaker: their dub's formants over their own (geometric mean of the F2 and F3 ratios). */
  formantRatios: number[];
  pitchCorrelation: number;
  levelCorrelation: number;
  rateSpearman: number;
  pauseCorrelation: number;
  speakersFound: number;
  speakersTrue: number;
  der: number;
  /** Each line's level, range and loudness in the source and the dub (line-to-line figures, pooled). */
  linePairs: LinePair[];
}

/** Dubs every scene (into Spanish unless told) with the voice neutral and shaped, and measures both. */
export async function voiceQuality(
  registries: EngineRegistries,
  dir: string,
  scenes: (dir: string) => VoiceScene[] = voiceScenes,
  targetLanguage: LanguageCode = 'spa',
): Promise<VoiceFigures[]> {
  const dubber = new Dubber({ ...configFromEnv(), tempRoot: dir }, registries);
  const shaper = await registries.voice.get('psola');
  const track = (samples: Float32Array): ProsodyTrack => shaper.measure({ samples, sampleRate: 16000 });
  const formants = (samples: Float32Array): number[] | undefined =>
    shaper.formants({ samples, sampleRate: 16000 }, track(samples));
  const figures: VoiceFigures[] = [];
  for (const scene of scenes(dir)) {
    const source = decode16k(scene.path);
    for (const mode of ['neutral', 'shaped'] as const) {
      const output = join(dir, `dub-${mode}.wav`);
      // The original is muted under the dub (-90 dB) so that only the dubbed voice is measured.
      const run = await dubber.dub({
        input: scene.path,
        output,
        sourceLanguage: 'eng',
        targetLanguage,
        choices: { voice: { mode } },
        options: { separation: 'off', mix: { ...DEFAULT_MIX, duckDb: 90 } },
      });
      const dub = decode16k(output);
      figures.push({
        ...measureDub(scene, mode, run.timeline.segments, source, dub, track),
        formantRatios: formantRatios(scene, run.timeline.segments, source, dub, formants),
      });
    }
  }
  return figures;
}

function measureDub(
  scene: VoiceScene,
  mode: VoiceMode,
  segments: readonly Segment[],
  source: Float32Array,
  dub: Float32Array,
  track: (samples: Float32Array) => ProsodyTrack,
): Omit<VoiceFigures, 'formantRatios'> {
  const speakerF0 = new Map<string, number[]>();
  for (const turn of scene.turns) {
    const f0 = speakerF0.get(turn.speaker) ?? [];
    f0.push(...voicedValues(track(slice(source, turn.start, turn.end)).f0Hz));
    speakerF0.set(turn.speaker, f0);
  }
  const dubF0BySpeaker = new Map<string, number[]>();
  const rows = segments.flatMap((segment) => {
    const placed = placedSpan(segment);
    if (!placed) return [];
    const sourceTrack = track(slice(source, segment.start, segment.end));
    const dubTrack = track(slice(dub, placed.start, placed.end));
    const speaker = trueSpeaker(scene.turns, segment);
    const dubF0 = voicedValues(dubTrack.f0Hz);
    (dubF0BySpeaker.get(speaker) ?? dubF0BySpeaker.set(speaker, []).get(speaker)!).push(...dubF0);
    return [{ segment, placed, sourceTrack, dubTrack, speaker, dubMedian: quantile(dubF0, 0.5) }];
  });
  const speakerMedian = (speaker: string): number => quantile(speakerF0.get(speaker) ?? [], 0.5);
  const errors = rows.map((row) => Math.abs(row.dubMedian / speakerMedian(row.speaker) - 1)).filter(Number.isFinite);
  const correlations = (contour: (t: ProsodyTrack) => number[] | undefined): number =>
    mean(
      rows.flatMap((row) => {
        const [a, b] = [contour(row.sourceTrack), contour(row.dubTrack)];
        const r = a && b ? pearson(a, b) : Number.NaN;
        return Number.isFinite(r) ? [r] : [];
      }),
    );
  const rated = rows.filter((row) => row.segment.prosody?.syllablesPerSecond !== undefined && row.segment.phonemes);
  const found: Turn[] = segments.map((s) => ({ speaker: s.speaker ?? 'S1', start: s.start, end: s.end }));
  return {
    scene: scene.name,
    mode,
    lines: rows.length,
    f0Within10: errors.filter((e) => e <= 0.1).length / Math.max(1, errors.length),
    f0MedianError: quantile(errors, 0.5),
    rangeRatios: [...dubF0BySpeaker].map(([speaker, f0]) => spread(f0) / spread(speakerF0.get(speaker) ?? [])),
    pitchCorrelation: correlations(pitchContour),
    levelCorrelation: correlations(levelContour),
    rateSpearman: spearman(
      rated.map((row) => row.segment.prosody!.syllablesPerSecond!),
      rated.map((row) => countSpokenSyllables(row.segment.phonemes!) / (row.placed.end - row.placed.start)),
    ),
    pauseCorrelation: pearson(
      rows.map((row) => pauseSeconds(row.sourceTrack)),
      rows.map((row) => pauseSeconds(row.dubTrack)),
    ),
    linePairs: rows.flatMap((row) => {
      const [source, dubbed] = [lineLevels(row.sourceTrack), lineLevels(row.dubTrack)];
      return source && dubbed ? [{ speaker: `${scene.name}/${row.speaker}`, source, dub: dubbed }] : [];
    }),
    speakersFound: new Set(found.map((t) => t.speaker)).size,
    speakersTrue: new Set(scene.turns.map((t) => t.speaker)).size,
    der: diarisationErrorRate(scene.turns, found),
  };
}

/** Per true speaker, the median F2 and F3 of their dubbed lines over those of their own turns. */
function formantRatios(
  scene: VoiceScene,
  segments: readonly Segment[],
  source: Float32Array,
  dub: Float32Array,
  formants: (samples: Float32Array) => number[] | undefined,
): number[] {
  const medianOf = (measured: (number[] | undefined)[], k: number): number =>
    quantile(
      measured.flatMap((f) => (f ? [f[k]!] : [])),
      0.5,
    );
  const speakers = [...new Set(scene.turns.map((turn) => turn.speaker))];
  return speakers.map((speaker) => {
    const own = scene.turns
      .filter((turn) => turn.speaker === speaker)
      .map((turn) => formants(slice(source, turn.start, turn.end)));
    const dubbed = segments
      .filter((segment) => trueSpeaker(scene.turns, segment) === speaker)
      .map((segment) => {
        const placed = placedSpan(segment);
        return placed ? formants(slice(dub, placed.start, placed.end)) : undefined;
      });
    return Math.sqrt((medianOf(dubbed, 1) / medianOf(own, 1)) * (medianOf(dubbed, 2) / medianOf(own, 2)));
  });
}

/** Seconds `start` to `end` of audio decoded at 16 kHz (a view, not a copy). */
function slice(audio: Float32Array, start: number, end: number): Float32Array {
  return audio.subarray(Math.round(start * 16000), Math.round(end * 16000));
}

function spread(f0: readonly number[]): number {
  return 12 * Math.log2(quantile(f0, 0.9) / quantile(f0, 0.1));
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))]!;
}
