import { cpus, loadavg } from 'node:os';
import {
  corpusChrF,
  lagFigures,
  LANGUAGE_CODES,
  type LagFigures,
  type LanguageCode,
  type LiveLagClock,
} from '@voxlate/core';
import { cpuSeconds } from './cpu-seconds.js';
import { LiveClient, streamAtPace, type LiveTranscript } from '../../../apps/server/src/test/live-client.js';
import { pcm16kOf } from '../../../apps/server/src/test/pcm16k.js';
import { form, startService, type RunningService } from '../../../apps/server/src/test/service-process.js';
import { librivoxClips } from './make-inputs.js';

const FRAME_MS = 40;
const TARGETS = LANGUAGE_CODES.filter((code) => code !== 'eng');

export interface LiveFigures {
  perTarget: Record<string, LagFigures & { streamSeconds: number }>;
  long?: { minutes: number; firstQuarter: LagFigures; lastQuarter: LagFigures; slopeSecondsPerMinute: number };
  captions: { liveChrF: number; batchChrF: number; liveAgainstBatchChrF: number };
  /** A short clip's batch dub on the running service: the first request, then the warm ones. */
  shortClip: { clipSeconds: number; firstSeconds: number; warmMedianSeconds: number; warmRatio: number };
  sessions: { concurrent: number; cpuCoresPerSession: number; lag: LagFigures }[];
  cores: number;
  load: number[];
}

/**
 * Live translation through the service's WebSocket, at real-time pace, on real speech: the lag
 * of every line (from the moment its last sound was sent to the first byte of its dubbed
 * speech), per target; whether it grows over a long stream; the final captions against a batch
 * dub of the same speech; and the CPU a session takes and how many sessions the machine holds.
 */
export async function runLiveBench(options: { quick: boolean; log: (line: string) => void }): Promise<LiveFigures> {
  const { quick, log } = options;
  const service = await startService({ VOXLATE_MAX_LIVE_SESSIONS: '16' });
  try {
    const speech = readingWithPauses();
    const seconds = speech.length / 32000;
    log(
      `live: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; stream of real speech ${seconds.toFixed(1)} s a pass`,
    );
    const shortClip = await shortClipDub(service, log);
    const perTarget: LiveFigures['perTarget'] = {};
    for (const target of quick ? (['spa', 'fra', 'deu'] as LanguageCode[]) : TARGETS) {
      const { transcript, sentAt } = await streamOnce(service, target, repeat(speech, 2));
      const figures = figuresOf(lagsOf(transcript, sentAt));
      perTarget[target] = { ...figures, streamSeconds: (2 * speech.length) / 32000 };
      log(`  live eng -> ${target}: ${describe(figures)}; load ${loadavg()[0]!.toFixed(2)}`);
    }
    const captions = await captionQuality(service, log);
    const sessions = await sessionsPerMachine(service, speech, quick ? [1, 2, 4] : [1, 2, 4, 6, 8], log);
    const long = quick ? undefined : await longStream(service, speech, 10, log);
    return {
      perTarget,
      ...(long ? { long } : {}),
      captions,
      shortClip,
      sessions,
      cores: cpus().length,
      load: loadavg(),
    };
  } finally {
    await service.stop();
  }
}

/** The five LibriVox sentences, each followed by a 1.2 s pause, as a speaker reads them: 16 kHz s16le. */
function readingWithPauses(): Buffer {
  const pause = Buffer.alloc(Math.round(1.2 * 16000) * 2);
  return Buffer.concat(librivoxClips().flatMap((clip) => [pcm16kOf(clip.path), pause]));
}

function repeat(pcm: Buffer, times: number): Buffer {
  return Buffer.concat(Array.from({ length: times }, () => pcm));
}

async function streamOnce(
  service: RunningService,
  target: LanguageCode,
  pcm: Buffer,
): Promise<{ transcript: LiveTranscript; sentAt: LiveLagClock }> {
  const client = new LiveClient(
    `${service.url.replace(/^http/, 'ws')}/api/live?source_language=eng&target_language=${target}`,
  );
  await client.ready;
  const sentAt = await streamAtPace(client, pcm, FRAME_MS);
  const transcript = await client.end();
  if (transcript.errors.length > 0)
    throw new Error(`live ${target}: ${transcript.errors.map((e) => e.error).join('; ')}`);
  return { transcript, sentAt };
}

/** Each line's lag (the one measure of `LiveLagClock`), and when it was said (seconds of the stream). */
function lagsOf(transcript: LiveTranscript, sentAt: LiveLagClock): { at: number; lag: number }[] {
  return transcript.audio.flatMap((line) => {
    const caption = transcript.captions.find((candidate) => candidate.final && candidate.id === line.id);
    const lag = caption && sentAt.lagOf(caption, line.at);
    return caption && lag !== undefined ? [{ at: caption.end, lag }] : [];
  });
}

/** The figures of some lines' lags. */
function figuresOf(lags: readonly { lag: number }[]): LagFigures {
  return lagFigures(lags.map((line) => line.lag));
}

function describe(figures: LagFigures): string {
  return `lag median ${figures.medianSeconds} s, p90 ${figures.p90Seconds} s, worst ${figures.worstSeconds} s (${figures.lines} lines)`;
}

/**
 * The live captions against a batch dub of the same recording, both scored (chrF) against the
 * translation of what was really said (the clips' transcripts through the same translator).
 */
async function captionQuality(service: RunningService, log: (line: string) => void): Promise<LiveFigures['captions']> {
  const target: LanguageCode = 'spa';
  const clips = librivoxClips();
  const { transcript } = await streamOnce(service, target, readingWithPauses());
  const live = transcript.captions
    .filter((caption) => caption.final)
    .map((caption) => caption.target_text ?? '')
    .join(' ');
  const batch: string[] = [];
  const reference: string[] = [];
  for (const clip of clips) {
    batch.push(await dubbedText(service, clip.path, target));
    reference.push(await translated(service, clip.reference!, target));
  }
  const score = (truth: string, hypothesis: string): number => round(corpusChrF([{ reference: truth, hypothesis }]));
  const figures = {
    liveChrF: score(reference.join(' '), live),
    batchChrF: score(reference.join(' '), batch.join(' ')),
    liveAgainstBatchChrF: score(batch.join(' '), live),
  };
  log(
    `  live captions (eng -> ${target}, the 5 LibriVox sentences) against the translation of what was said: chrF ` +
      `${figures.liveChrF} live, ${figures.batchChrF} batch (live loses ${round(figures.batchChrF - figures.liveChrF)} points); ` +
      `live against batch ${figures.liveAgainstBatchChrF}`,
  );
  return figures;
}

/**
 * A 5.3 s LibriVox sentence dubbed through /translate on the running service: the first request
 * (engines load), then five more; the warm ones' median against the clip's length (the issue's
 * target: at most 0.1 of it).
 */
async function shortClipDub(service: RunningService, log: (line: string) => void): Promise<LiveFigures['shortClip']> {
  const clip = librivoxClips()[2]!.path;
  const clipSeconds = pcm16kOf(clip).length / 32000;
  const timed = async (): Promise<number> => {
    const started = performance.now();
    await dubbedText(service, clip, 'spa');
    return (performance.now() - started) / 1000;
  };
  const firstSeconds = await timed();
  const warm: number[] = [];
  for (let k = 0; k < 5; k++) warm.push(await timed());
  const warmMedianSeconds = round([...warm].sort((a, b) => a - b)[2]!);
  const figures = {
    clipSeconds: round(clipSeconds),
    firstSeconds: round(firstSeconds),
    warmMedianSeconds,
    warmRatio: round(warmMedianSeconds / clipSeconds),
  };
  log(
    `  short clip (${figures.clipSeconds} s) through /translate: first ${figures.firstSeconds} s, then median ` +
      `${warmMedianSeconds} s (${figures.warmRatio} x its length); load ${loadavg()[0]!.toFixed(2)}`,
  );
  return figures;
}

/** The target text of a batch dub through /translate. */
async function dubbedText(service: RunningService, path: string, target: LanguageCode): Promise<string> {
  const answer = await fetch(`${service.url}/translate`, {
    method: 'POST',
    body: await form({ target_language: target, source_language: 'eng' }, { file: path }),
  });
  const body = (await answer.json()) as { segments?: { target_text?: string }[] };
  return (body.segments ?? []).map((segment) => segment.target_text ?? '').join(' ');
}

/** The text through the same translator, with subtitles standing for the recognised speech. */
async function translated(service: RunningService, text: string, target: LanguageCode): Promise<string> {
  const answer = await fetch(`${service.url}/translate`, {
    method: 'POST',
    body: await form(
      { target_language: target, source_language: 'eng', subtitles: `1\n00:00:00,000 --> 00:00:05,000\n${text}\n` },
      { file: librivoxClips()[1]!.path },
    ),
  });
  const body = (await answer.json()) as { segments?: { target_text?: string }[] };
  return (body.segments ?? []).map((segment) => segment.target_text ?? '').join(' ');
}

/**
 * N sessions at once, each streaming the reading at real-time pace: the CPU the service's
 * processes use per session, and the lag every line gets under that load.
 */
async function sessionsPerMachine(
  service: RunningService,
  speech: Buffer,
  levels: readonly number[],
  log: (line: string) => void,
): Promise<LiveFigures['sessions']> {
  const figures: LiveFigures['sessions'] = [];
  for (const concurrent of levels) {
    const targets = Array.from({ length: concurrent }, (_, i) => TARGETS[i % TARGETS.length]!);
    const cpuBefore = cpuSeconds(service.pid);
    const started = performance.now();
    const runs = await Promise.all(targets.map((target) => streamOnce(service, target, speech)));
    const wall = (performance.now() - started) / 1000;
    const cores = (cpuSeconds(service.pid) - cpuBefore) / wall;
    const lag = figuresOf(runs.flatMap((run) => lagsOf(run.transcript, run.sentAt)));
    figures.push({ concurrent, cpuCoresPerSession: round(cores / concurrent), lag });
    log(
      `  ${concurrent} live session(s) at once: ${round(cores)} cores busy (${round(cores / concurrent)} per session); ${describe(lag)}`,
    );
  }
  const holds = figures.filter((level) => level.lag.p90Seconds <= 4).at(-1);
  log(
    `  sessions one machine holds (${cpus().length} cores, p90 lag <= 4 s): ${holds ? holds.concurrent : 'none'}` +
      `${holds === figures.at(-1) ? ' or more (the most tried)' : ''}`,
  );
  return figures;
}

/** One long stream: does the lag grow? The first and last quarters, and the slope over the whole. */
async function longStream(
  service: RunningService,
  speech: Buffer,
  minutes: number,
  log: (line: string) => void,
): Promise<NonNullable<LiveFigures['long']>> {
  const passes = Math.ceil((minutes * 60 * 32000) / speech.length);
  const { transcript, sentAt } = await streamOnce(service, 'spa', repeat(speech, passes));
  const lags = lagsOf(transcript, sentAt);
  const quarter = Math.floor(lags.length / 4);
  const figures = {
    minutes,
    firstQuarter: figuresOf(lags.slice(0, quarter)),
    lastQuarter: figuresOf(lags.slice(-quarter)),
    slopeSecondsPerMinute: round(slope(lags.map((line) => [line.at / 60, line.lag]))),
  };
  log(
    `  ${minutes}-minute live stream (eng -> spa): first quarter ${describe(figures.firstQuarter)}; last quarter ` +
      `${describe(figures.lastQuarter)}; lag trend ${figures.slopeSecondsPerMinute} s per minute`,
  );
  return figures;
}

function slope(points: readonly [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx > 0 ? sxy / sxx : 0;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
