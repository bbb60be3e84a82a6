import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAGES, wordErrors, type DubRun, type StageName } from '@voxlate/core';
import { probeMedia } from '@voxlate/media';
import { Dubber } from '@voxlate/dubber';
import { compareFigures, comparisonReport, headlineFigures, type SavedBenchRun } from './bench-comparison.js';
import { fitFigures, type FitFigures } from './fit-figures.js';
import {
  codec2Recordings,
  librivoxClips,
  loopedRecording,
  speechVideo,
  talkingVideo,
  type BenchInput,
} from './make-inputs.js';
import { reportNeuralEngines } from './neural-engines.js';
import { RssSampler } from './rss-sampler.js';
import { separationSpeed } from './separation-figures.js';
import { runJobsBench } from './jobs-bench.js';
import { runLanguagesBench } from './languages-bench.js';
import { runServiceBench } from './service-bench.js';
import { runLiveBench } from './live-bench.js';
import { FLOOR_CASES, runFloorsBench } from './floors-bench.js';

interface CaseResult {
  name: string;
  mediaSeconds: number;
  wallSeconds: number;
  stageSeconds: Partial<Record<StageName, number>>;
  stagePeakRss: Partial<Record<StageName, number>>;
  peakRss: number;
  fit: FitFigures;
  wer?: { errors: number; words: number };
}

const quick = process.argv.includes('--quick');
const lipSyncOnly = process.argv.includes('--lip-sync');
/** One floors case alone: --warm-clip, --check, --long-audio or --lip-sync (with --floors). */
const floorCase = FLOOR_CASES.find((name) => process.argv.includes(`--${name}`));
const jobsOnly = process.argv.includes('--jobs');
const liveOnly = process.argv.includes('--live');
const floorsOnly = process.argv.includes('--floors');
const languagesOnly = process.argv.includes('--languages');
const target = 'spa';
const sampler = new RssSampler();
const dubber = new Dubber();
const work = mkdtempSync(join(tmpdir(), 'voxlate-bench-'));

async function runCase(name: string, inputs: readonly BenchInput[]): Promise<CaseResult> {
  const result: CaseResult = {
    name,
    mediaSeconds: 0,
    wallSeconds: 0,
    stageSeconds: {},
    stagePeakRss: {},
    peakRss: 0,
    fit: emptyFit(),
  };
  sampler.reset();
  for (const input of inputs) {
    const info = await probeMedia(input.path);
    const started = performance.now();
    const run = await dubber.dub(
      {
        input: input.path,
        output: join(work, `out-${info.video ? 'video.mp4' : 'audio.wav'}`),
        sourceLanguage: 'eng',
        targetLanguage: target,
        ...(input.lipSync ? { choices: { lipSync: true } } : {}),
      },
      { onEvent: (event) => event.type === 'stage-started' && sampler.setLabel(event.stage) },
    );
    sampler.setLabel('idle');
    result.wallSeconds += (performance.now() - started) / 1000;
    result.mediaSeconds += info.durationSeconds;
    addStages(result, run);
    addFit(result.fit, fitFigures(run.timeline));
    if (input.reference !== undefined) addWer(result, input.reference, run);
  }
  for (const stage of STAGES) result.stagePeakRss[stage] = sampler.peak(stage);
  result.peakRss = sampler.overallPeak();
  return result;
}

function addStages(result: CaseResult, run: DubRun): void {
  for (const [stage, seconds] of Object.entries(run.stageSeconds) as [StageName, number][]) {
    result.stageSeconds[stage] = (result.stageSeconds[stage] ?? 0) + seconds;
  }
}

function addWer(result: CaseResult, reference: string, run: DubRun): void {
  const hypothesis = run.timeline.segments.map((segment) => segment.sourceText).join(' ');
  const counted = wordErrors(reference, hypothesis);
  result.wer = { errors: (result.wer?.errors ?? 0) + counted.errors, words: (result.wer?.words ?? 0) + counted.words };
}

function addFit(total: FitFigures, figures: FitFigures): void {
  for (const key of Object.keys(total) as (keyof FitFigures)[]) total[key] += figures[key];
}

function emptyFit(): FitFigures {
  return { lines: 0, atMost115: 0, atMost130: 0, overflowing: 0, overlaps: 0 };
}

function report(result: CaseResult): string {
  const mb = (bytes: number): string => `${Math.round(bytes / 1e6)} MB`;
  const rows = STAGES.filter((stage) => result.stageSeconds[stage] !== undefined).map((stage) => {
    const seconds = result.stageSeconds[stage]!;
    return `    ${stage.padEnd(11)} ${seconds.toFixed(2).padStart(8)} s  RTF ${(seconds / result.mediaSeconds).toFixed(3)}  peak RSS ${mb(result.stagePeakRss[stage] ?? 0)}`;
  });
  const fit = result.fit;
  const share = (count: number): string => `${fit.lines ? ((100 * count) / fit.lines).toFixed(0) : '-'} %`;
  return [
    `${result.name}: ${result.mediaSeconds.toFixed(1)} s of media in ${result.wallSeconds.toFixed(1)} s, ` +
      `RTF ${(result.wallSeconds / result.mediaSeconds).toFixed(3)}, peak RSS ${mb(result.peakRss)}`,
    ...rows,
    `    fit: ${fit.lines} lines, tempo <= 1.15: ${share(fit.atMost115)}, <= 1.3: ${share(fit.atMost130)}, ` +
      `overflowing ${fit.overflowing}, overlaps ${fit.overlaps}`,
    ...(result.wer
      ? [`    WER ${((100 * result.wer.errors) / result.wer.words).toFixed(1)} % (${result.wer.words} words)`]
      : []),
  ].join('\n');
}

type BenchCase = [string, () => BenchInput[]];

/** The cases of this run: all of them, fewer with --quick, the lip sync ones alone with --lip-sync. */
function benchCases(): BenchCase[] {
  const lipSync: BenchCase[] = [
    ['60 s 720p talking face, lip sync', () => [{ name: '720p', path: talkingVideo(work, 720), lipSync: true }]],
    ...(quick
      ? []
      : ([
          [
            '60 s 1080p talking face, lip sync',
            () => [{ name: '1080p', path: talkingVideo(work, 1080), lipSync: true }],
          ],
        ] as BenchCase[])),
  ];
  if (lipSyncOnly) return lipSync;
  return [
    ['librivox clips (5, with transcripts)', () => librivoxClips()],
    ['codec2 long recordings', () => codec2Recordings(work)],
    ['60 s 720p video, no lip sync', () => [{ name: 'video', path: speechVideo(work) }]],
    ...lipSync,
    ...(quick
      ? []
      : ([
          [
            '30-minute looped recording',
            () => [{ name: '30 min', path: loopedRecording(work, 1800, 'long-30min.m4a') }],
          ],
        ] as BenchCase[])),
  ];
}

async function main(): Promise<void> {
  if (jobsOnly) {
    await runJobsBench({ quick, log: (line) => console.log(line) });
    return;
  }
  if (liveOnly) {
    await runLiveBench({ quick, log: (line) => console.log(line) });
    return;
  }
  if (floorsOnly) {
    await runFloorsBench({ quick, ...(floorCase ? { only: floorCase } : {}), log: (line) => console.log(line) });
    return;
  }
  if (languagesOnly) {
    await runLanguagesBench({ quick, log: (line) => console.log(line) });
    return;
  }
  sampler.start();
  console.log(
    `Voxlate benchmark, eng -> ${target}, ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await runCase('warm-up', librivoxClips().slice(1, 2));
  const results: CaseResult[] = [];
  for (const [name, inputs] of benchCases()) {
    const result = await runCase(name, inputs());
    results.push(result);
    console.log(report(result));
  }
  if (lipSyncOnly) return;
  for (const line of await reportNeuralEngines(dubber)) console.log(line);
  const separation = await separationSpeed(quick, (line) => console.log(line));
  const service = await runServiceBench({ quick, log: (line) => console.log(line) });
  const jobs = await runJobsBench({ quick, log: (line) => console.log(line) });
  const live = await runLiveBench({ quick, log: (line) => console.log(line) });
  const languages = await runLanguagesBench({ quick, log: (line) => console.log(line) });
  console.log('Each figure beside its floor, in this run:');
  const floors = await runFloorsBench({ quick, log: (line) => console.log(line) });
  const saved = {
    date: new Date().toISOString(),
    loadavg: loadavg(),
    results,
    separation,
    service,
    jobs,
    live,
    languages,
    floors,
  };
  saveAndCompare(saved);
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; figures in bench-results/latest.json`,
  );
}

/**
 * Writes this run to bench-results/latest.json (the one before it kept as previous.json) and
 * prints each headline figure against the previous run's.
 */
function saveAndCompare(run: SavedBenchRun & { date: string }): void {
  mkdirSync('bench-results', { recursive: true });
  const latest = join('bench-results', 'latest.json');
  const previous = existsSync(latest) ? (JSON.parse(readFileSync(latest, 'utf8')) as SavedBenchRun) : undefined;
  if (previous) copyFileSync(latest, join('bench-results', 'previous.json'));
  writeFileSync(latest, `${JSON.stringify(run, null, 2)}\n`);
  const compared = compareFigures(headlineFigures(run), previous ? headlineFigures(previous) : []);
  for (const line of comparisonReport(compared, { now: run.loadavg, before: previous?.loadavg })) console.log(line);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    sampler.stop();
    await dubber.close();
    rmSync(work, { recursive: true, force: true });
  });
