import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_MIX,
  type ClipStore,
  type PcmAudio,
  type PictureOutcome,
  type PlacedClip,
  type RenderRequest,
} from '@voxlate/core';
import { Dubber } from '@voxlate/dubber';
import { defaultRegistries, landmarkerPool, MouthBankLipSyncer } from '@voxlate/engines';
import { decodeForAnalysis, FfmpegMedia, probeMedia } from '@voxlate/media';
import { ModelManager } from '@voxlate/models';
import { checkStageBesideRecognition, type CheckStageFigure } from './check-stage-bench.js';
import { cpuSeconds } from './cpu-seconds.js';
import { librivoxClips, loopedRecording, talkingVideo } from './make-inputs.js';
import { TimedLandmarker } from './timed-landmarker.js';
import { RUNS, show, spread, timedRuns, type Spread } from './timed-runs.js';

/** What the warm short clip may add to its recognition (issue 55). */
const SHORT_CLIP_ALLOWANCE_SECONDS = 0.35;

export interface FloorFigures {
  shortClip: { clipSeconds: number; dub: Spread; recognition: Spread; stages: Record<string, number> };
  mix: { mediaSeconds: number; mix: Spread; decodeAlone: Spread; copyAlone: Spread };
  longAudio: {
    mediaSeconds: number;
    dubSeconds: number;
    recognitionSeconds: number;
    /** CPU seconds (this process and its programs) of the whole dub, and of recognition alone. */
    dubCpu: number;
    recognitionCpu: number;
    stages: Record<string, number>;
  };
  lipSync: LipSyncFigure[];
  check: CheckStageFigure;
}

/** The cases the bench can run alone. */
export const FLOOR_CASES = ['warm-clip', 'check', 'long-audio', 'lip-sync'] as const;
export type FloorCase = (typeof FLOOR_CASES)[number];

interface LipSyncFigure {
  label: string;
  mediaSeconds: number;
  dubSeconds: number;
  plainDubSeconds: number;
  /** x264 alone on the frames that had to change (its time on the whole picture scaled by their share). */
  encodeSeconds: number;
  wholeEncodeSeconds: number;
  /** The face nets' own time in the synced dub (detection, landmarks, descriptors), per landmarker. */
  faceNetSeconds: number;
  picture?: PictureOutcome;
}

/** The issue's targets, as ratios to the floor. */
const LONG_AUDIO_TARGET = 1.35;
const LIP_SYNC_TARGET = 1.25;

/**
 * Each figure beside its floor, measured in the same run (issue 55): the warm short clip's whole
 * dub beside recognition alone on the same clip; an English dub's check stage beside the
 * recogniser alone on its dubbed lines; the mix of a long recording beside decoding the
 * same file alone and copying its bytes; the long recording's whole dub beside its recognition;
 * a lip-synced 720p dub beside the plain dub and x264 alone.
 */
export async function runFloorsBench(options: {
  quick: boolean;
  /** One case alone (the bench's --lip-sync, --long-audio, --warm-clip or --check). */
  only?: FloorCase;
  log: (line: string) => void;
}): Promise<Partial<FloorFigures>> {
  const { quick, log } = options;
  const work = mkdtempSync(join(tmpdir(), 'voxlate-bench-floors-'));
  const cases: Record<FloorCase, () => Promise<Partial<FloorFigures>>> = {
    'warm-clip': async () => ({ shortClip: await shortClipBesideRecognition(work, log) }),
    check: async () => ({ check: await checkStageBesideRecognition(work, log) }),
    'long-audio': async () => ({
      mix: await mixBesideDecode(work, quick ? 300 : 1800, log),
      longAudio: await longDubBesideRecognition(work, quick ? 300 : 1800, log),
    }),
    'lip-sync': async () => ({ lipSync: await lipSyncBesideEncode(work, quick ? 20 : 60, log) }),
  };
  try {
    if (options.only) return await cases[options.only]();
    const figures: Partial<FloorFigures> = {};
    for (const run of Object.values(cases)) Object.assign(figures, await run());
    return figures;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function shortClipBesideRecognition(
  work: string,
  log: (line: string) => void,
): Promise<FloorFigures['shortClip']> {
  const clip = librivoxClips()[2]!.path;
  const dubber = new Dubber();
  const stages: Record<string, number[]> = {};
  let recogniserId = '';
  const dub = async (): Promise<number> => {
    const started = performance.now();
    const run = await dubber.dub(
      { input: clip, output: join(work, 'short.wav'), sourceLanguage: 'eng', targetLanguage: 'spa' },
      {},
    );
    for (const [stage, seconds] of Object.entries(run.stageSeconds)) (stages[stage] ??= []).push(seconds ?? 0);
    recogniserId = run.timeline.segments.find((segment) => segment.engines.asr)?.engines.asr ?? recogniserId;
    return (performance.now() - started) / 1000;
  };
  await dub();
  for (const key of Object.keys(stages)) stages[key] = [];
  const dubSeconds = await timedRuns(dub);
  await dubber.close();

  const registries = defaultRegistries(new ModelManager());
  const recogniser = await registries.asr.get(recogniserId);
  const audio = await decodeForAnalysis(clip, { declared: probeMedia(clip), limitSeconds: 600, workDir: work }, {});
  const recognise = async (): Promise<number> => {
    const started = performance.now();
    await recogniser.recognise(audio, [{ start: 0, end: audio.duration }], 'eng', {});
    return (performance.now() - started) / 1000;
  };
  await recognise();
  const recognition = await timedRuns(recognise);
  await registries.asr.close();
  const stageMedians = Object.fromEntries(
    Object.entries(stages).map(([stage, values]) => [stage, spread(values).median]),
  );
  const extra = dubSeconds.median - recognition.median;
  log(
    `  warm short clip (${audio.duration.toFixed(1)} s, eng -> spa, WAV): whole dub ${show(dubSeconds)} s beside ` +
      `recognition alone (${recogniserId}) ${show(recognition)} s: ${extra.toFixed(2)} s more ` +
      `(target: at most ${SHORT_CLIP_ALLOWANCE_SECONDS} s more); load ${loadavg()[0]!.toFixed(2)}`,
  );
  log(
    `    stages (medians, s): ${Object.entries(stageMedians)
      .map(([stage, s]) => `${stage} ${s.toFixed(2)}`)
      .join(', ')}`,
  );
  return { clipSeconds: audio.duration, dub: dubSeconds, recognition, stages: stageMedians };
}

/**
 * The mix stage alone on a long real recording (44.1 kHz stereo AAC, dubbed lines every 4 s):
 * decode, duck, add, measure, limit and write a WAV, beside ffmpeg decoding the same file to
 * nothing and copying its bytes.
 */
async function mixBesideDecode(
  work: string,
  seconds: number,
  log: (line: string) => void,
): Promise<FloorFigures['mix']> {
  const input = loopedRecording(work, seconds, `long-${seconds}s.m4a`);
  const info = await probeMedia(input);
  const line = readLine(librivoxClips()[1]!.path);
  const clips: PlacedClip[] = [];
  for (let start = 0.5; start + 2.5 < seconds; start += 4) {
    clips.push({ ref: { key: 'line', sampleRate: line.sampleRate, duration: 2.5 }, start });
  }
  const mix = async (): Promise<number> => {
    const jobDir = mkdtempSync(join(work, 'mix-'));
    const media = new FfmpegMedia(jobDir, oneLineStore(line));
    const request: RenderRequest = {
      input,
      info,
      clips,
      mix: DEFAULT_MIX,
      output: join(jobDir, 'out.wav'),
      outputSeconds: info.durationSeconds,
      container: 'wav',
      tags: {},
    };
    const started = performance.now();
    await media.render(request, {});
    const elapsed = (performance.now() - started) / 1000;
    rmSync(jobDir, { recursive: true, force: true });
    return elapsed;
  };
  const runs = seconds > 600 ? 3 : RUNS;
  const mixSeconds = await timedRuns(mix, runs);
  const decodeAlone = await timedRuns(
    () => timedCommand('ffmpeg', ['-v', 'error', '-i', input, '-f', 'null', '-']),
    runs,
  );
  const copyAlone = await timedRuns(() => timedCommand('cp', [input, join(work, 'copy.m4a')]), runs);
  log(
    `  mix of ${(seconds / 60).toFixed(0)} min of real speech (44.1 kHz stereo AAC in, WAV out): ${show(mixSeconds)} s ` +
      `(RTF ${(mixSeconds.median / seconds).toFixed(4)}) beside decoding it alone ${show(decodeAlone)} s ` +
      `(${(mixSeconds.median / decodeAlone.median).toFixed(1)} x) and copying its bytes ${show(copyAlone)} s; ` +
      `load ${loadavg()[0]!.toFixed(2)}`,
  );
  return { mediaSeconds: seconds, mix: mixSeconds, decodeAlone, copyAlone };
}

/** A clip store that holds one dubbed line, given for every clip of the mix. */
function oneLineStore(line: PcmAudio): ClipStore {
  return {
    get: () => Promise.resolve(line),
    put: (key) =>
      Promise.resolve({ key, sampleRate: line.sampleRate, duration: line.samples.length / line.sampleRate }),
  };
}

/**
 * A long real recording dubbed whole, beside the same recogniser alone over the same speech
 * spans (the dub's lines) of the same audio: what the dub adds to the recognition it needs.
 */
async function longDubBesideRecognition(
  work: string,
  seconds: number,
  log: (line: string) => void,
): Promise<FloorFigures['longAudio']> {
  const input = loopedRecording(work, seconds, `long-${seconds}s.m4a`);
  const dubber = new Dubber();
  const cpuBefore = cpuSeconds(process.pid);
  const started = performance.now();
  const run = await dubber.dub(
    { input, output: join(work, 'long.wav'), sourceLanguage: 'eng', targetLanguage: 'spa' },
    {},
  );
  const dubSeconds = (performance.now() - started) / 1000;
  await dubber.close();
  const dubCpu = cpuSeconds(process.pid) - cpuBefore;
  const recogniserId = run.timeline.segments.find((segment) => segment.engines.asr)?.engines.asr ?? '';
  const spans = run.timeline.segments.map((segment) => ({ start: segment.start, end: segment.end }));
  const registries = defaultRegistries(new ModelManager());
  const recogniser = await registries.asr.get(recogniserId);
  const audio = await decodeForAnalysis(input, { declared: probeMedia(input), limitSeconds: 7200, workDir: work }, {});
  await recogniser.recognise(audio, spans.slice(0, 1), 'eng', {});
  const recognitionCpuBefore = cpuSeconds(process.pid);
  const recognitionStarted = performance.now();
  await recogniser.recognise(audio, spans, 'eng', {});
  const recognitionSeconds = (performance.now() - recognitionStarted) / 1000;
  await registries.asr.close();
  const recognitionCpu = cpuSeconds(process.pid) - recognitionCpuBefore;
  // The dub's work spread perfectly over every core: what no ordering of its stages can beat.
  const cpuFloor = dubCpu / availableParallelism();
  const stages = Object.fromEntries(Object.entries(run.stageSeconds).map(([stage, value]) => [stage, value ?? 0]));
  const ratio = dubSeconds / recognitionSeconds;
  log(
    `  ${(seconds / 60).toFixed(0)} min of real speech dubbed whole (eng -> spa): ${dubSeconds.toFixed(1)} s ` +
      `(RTF ${(dubSeconds / seconds).toFixed(3)}) beside recognition alone (${recogniserId}, ${spans.length} spans) ` +
      `${recognitionSeconds.toFixed(1)} s (RTF ${(recognitionSeconds / seconds).toFixed(3)}): ${ratio.toFixed(2)} x ` +
      `(target: at most ${LONG_AUDIO_TARGET} x); load ${loadavg()[0]!.toFixed(2)}`,
  );
  log(
    `    CPU: the dub ${dubCpu.toFixed(1)} CPU-s, recognition alone ${recognitionCpu.toFixed(1)} CPU-s; the dub's ` +
      `CPU on ${availableParallelism()} cores with none idle would take ${cpuFloor.toFixed(1)} s, ` +
      `${(cpuFloor / recognitionSeconds).toFixed(2)} x recognition alone`,
  );
  log(
    `    stages (s): ${Object.entries(stages)
      .map(([stage, value]) => `${stage} ${value.toFixed(1)}`)
      .join(', ')}`,
  );
  return { mediaSeconds: seconds, dubSeconds, recognitionSeconds, dubCpu, recognitionCpu, stages };
}

/**
 * A 720p talking face dubbed with lip sync, beside the same dub without it plus x264 alone
 * re-encoding the frames that must change (veryfast, CRF 17, as the lip sync's render does): the
 * cheapest way to a picture whose mouths changed. Twice: speech all through (every group of
 * pictures changes), and speech in the first third only with a keyframe every 2 s (the groups
 * after it should be copied, not re-encoded).
 */
async function lipSyncBesideEncode(
  work: string,
  seconds: number,
  log: (line: string) => void,
): Promise<FloorFigures['lipSync']> {
  const { dubber, faceNetSeconds } = await dubberWithTimedFaceNets();
  try {
    const run = (input: string, label: string): Promise<LipSyncFigure> =>
      lipSyncCase({ dubber, faceNetSeconds }, work, input, label, log);
    const throughout = await run(talkingVideo(work, 720, seconds), 'speech throughout');
    const partly = talkingVideoSpeakingPartly(work, seconds, seconds / 3);
    const part = await run(partly, `speech in the first ${(seconds / 3).toFixed(0)} s`);
    return [throughout, part];
  } finally {
    await dubber.close();
  }
}

/**
 * A dubber whose lip sync is the product's (the same landmarker pool) with its face nets timed:
 * `faceNetSeconds()` is their time so far, per landmarker (they run side by side).
 */
async function dubberWithTimedFaceNets(): Promise<{ dubber: Dubber; faceNetSeconds: () => number }> {
  const registries = defaultRegistries(new ModelManager());
  const landmarkers = (await landmarkerPool()).map((landmarker) => new TimedLandmarker(landmarker));
  registries.lipsync.register({
    id: 'mouth-bank-timed',
    kind: 'offline',
    rank: 1000,
    isInstalled: () => Promise.resolve(true),
    load: () => Promise.resolve(new MouthBankLipSyncer(landmarkers)),
  });
  const faceNetSeconds = (): number =>
    landmarkers.reduce((sum, landmarker) => sum + landmarker.seconds, 0) / landmarkers.length;
  return { dubber: new Dubber(undefined, registries), faceNetSeconds };
}

async function lipSyncCase(
  { dubber, faceNetSeconds }: { dubber: Dubber; faceNetSeconds: () => number },
  work: string,
  input: string,
  label: string,
  log: (line: string) => void,
): Promise<LipSyncFigure> {
  const dub = async (lipSync: boolean) => {
    const started = performance.now();
    const output = join(work, `talking-${lipSync ? 'synced' : 'plain'}.mp4`);
    const result = await dubber.dub(
      { input, output, sourceLanguage: 'eng', targetLanguage: 'spa', choices: { lipSync } },
      {},
    );
    return { seconds: (performance.now() - started) / 1000, picture: result.timeline.lipSync?.picture };
  };
  const plain = await dub(false);
  const netsBefore = faceNetSeconds();
  const synced = await dub(true);
  const faceNets = faceNetSeconds() - netsBefore;
  const picture = synced.picture;
  const x264 = await timedCommand('ffmpeg', [
    ...['-v', 'error', '-y', '-i', input, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '17'],
    join(work, 'x264-alone.mp4'),
  ]);
  // x264's time scales with the frames it encodes: the floor encodes only those that must change.
  const share = picture && picture.frames > 0 ? picture.encodedFrames / picture.frames : 1;
  const encodeSeconds = x264 * share;
  const floor = plain.seconds + encodeSeconds;
  const media = probeSeconds(input);
  // The face work itself: no lip sync can skip looking at the faces of the frames near speech.
  const withFaces = floor + faceNets;
  log(
    `  ${media.toFixed(0)} s 720p talking face, ${label}, lip-synced dub: ${synced.seconds.toFixed(1)} s ` +
      `(RTF ${(synced.seconds / media).toFixed(2)}) beside the plain dub ${plain.seconds.toFixed(1)} s + x264 ` +
      `re-encoding the ${picture?.encodedFrames ?? '?'} of ${picture?.frames ?? '?'} frames that change ` +
      `${encodeSeconds.toFixed(1)} s (the whole picture ${x264.toFixed(1)} s): ` +
      `${(synced.seconds / floor).toFixed(2)} x (target: at most ${LIP_SYNC_TARGET} x); ` +
      `groups of pictures copied ${picture?.copiedGroups ?? 0} of ${picture?.groups ?? '?'}` +
      `${picture?.wholeBecause ? ` (all re-encoded: ${picture.wholeBecause})` : ''}; load ${loadavg()[0]!.toFixed(2)}`,
  );
  log(
    `    with the face nets' own time on the frames looked at (${faceNets.toFixed(1)} s) in the floor: ` +
      `${withFaces.toFixed(1)} s, ${(synced.seconds / withFaces).toFixed(2)} x`,
  );
  return {
    label,
    mediaSeconds: media,
    dubSeconds: synced.seconds,
    plainDubSeconds: plain.seconds,
    encodeSeconds,
    wholeEncodeSeconds: x264,
    faceNetSeconds: faceNets,
    ...(picture ? { picture } : {}),
  };
}

/** The talking face speaking for `speakingSeconds`, then silent (its picture goes on), a keyframe every 2 s. */
function talkingVideoSpeakingPartly(work: string, seconds: number, speakingSeconds: number): string {
  const speaking = talkingVideo(work, 720, seconds);
  const path = join(work, 'talking-partly.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-i', speaking, '-af', `volume=enable='gte(t,${speakingSeconds})':volume=0`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-g', '60', '-c:a', 'aac', path],
  ]);
  return path;
}

function probeSeconds(path: string): number {
  const text = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(text.toString().trim());
}

function readLine(path: string): PcmAudio {
  const bytes = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-i',
    path,
    '-t',
    '2.5',
    '-ar',
    '22050',
    '-ac',
    '1',
    '-f',
    'f32le',
    '-',
  ]);
  return {
    sampleRate: 22050,
    samples: new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)),
  };
}

function timedCommand(command: string, args: string[]): Promise<number> {
  const started = performance.now();
  execFileSync(command, args);
  return Promise.resolve((performance.now() - started) / 1000);
}
