import { spawn } from 'node:child_process';
import { access, constants, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import {
  BadInput,
  formatTimestamp,
  lagFigures,
  LIVE_SAMPLE_RATE,
  LiveLagClock,
  LiveRecord,
  pronunciationsFor,
  samplesOfPcm16,
  toSrt,
  toWebVtt,
  type LiveEvent,
  type LiveSession,
} from '@voxlate/core';
import { writeWav } from '@voxlate/media';
import { Dubber, openLiveSession } from '@voxlate/dubber';
import { readGlossaryFile } from './glossary-file.js';
import { parseLiveArgs, type LiveArgs } from './live-args.js';
import { runCli } from './run-cli.js';

/** Audio is given to the session in frames this long, as a live client sends it. */
const FRAME_MS = 40;
const FRAME_BYTES = (LIVE_SAMPLE_RATE * 2 * FRAME_MS) / 1000;

async function main(argv: readonly string[]): Promise<number> {
  const args = parseLiveArgs(argv);
  await access(dirname(resolve(args.outPrefix)), constants.W_OK).catch(() => {
    throw new BadInput(`Cannot write "${args.outPrefix}…": its folder does not exist or is not writable.`);
  });
  if (args.input !== '-') {
    await access(args.input, constants.R_OK).catch(() => {
      throw new BadInput(`Cannot read "${args.input}": there is no such file, or it is not readable.`);
    });
  }
  const lexicon = args.glossary === undefined ? [] : pronunciationsFor(await readGlossaryFile(args.glossary), args.to);
  const dubber = new Dubber();
  const record = new LiveRecord();
  const lags = new LineLags();
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  try {
    const { session, engines } = await openLiveSession(
      dubber.resolver,
      { source: args.from, target: args.to, lexicon },
      (event) => {
        record.take(event);
        lags.take(event);
        show(event, lags);
      },
      abort.signal,
    );
    process.stderr.write(
      `Live ${args.from} → ${args.to} (${engines.recognition}, ${engines.translation}, ${engines.synthesis}); ` +
        `${args.input === '-' ? 'reading standard input' : `streaming ${args.input}`}. Ctrl-C stops.\n`,
    );
    const source = args.input === '-' ? process.stdin : decoded(args.input);
    await stream(session, source, args.input === '-' ? 0 : args.pace, lags, abort.signal);
    await session.end();
    clearPartial();
    await writeOutputs(args, record);
    const figures = lags.figures();
    if (figures) process.stderr.write(`Lag (line end to its dubbed speech): ${figures}\n`);
    return abort.signal.aborted ? 130 : 0;
  } finally {
    await dubber.close();
  }
}

/** A media file decoded to 16 kHz mono s16le by ffmpeg, as it is read. */
function decoded(path: string): Readable {
  const ffmpeg = spawn('ffmpeg', ['-v', 'error', '-i', path, '-ac', '1', '-ar', '16000', '-f', 's16le', '-'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return ffmpeg.stdout;
}

/**
 * Gives the session the source in 40 ms frames; at `pace` times real time for a file (0: as the
 * input comes, for standard input, which arrives at the speaker's pace).
 */
async function stream(
  session: LiveSession,
  source: Readable,
  pace: number,
  lags: LineLags,
  signal: AbortSignal,
): Promise<void> {
  const started = performance.now();
  let pending = Buffer.alloc(0);
  let frames = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    if (signal.aborted) break;
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= FRAME_BYTES) {
      if (pace > 0) {
        const wait = started + (frames * FRAME_MS) / pace - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      lags.clock.sent(FRAME_MS / 1000, performance.now());
      await session.push(samplesOfPcm16(pending.subarray(0, FRAME_BYTES)));
      pending = pending.subarray(FRAME_BYTES);
      frames++;
    }
  }
  if (pending.length >= 2) await session.push(samplesOfPcm16(pending.subarray(0, pending.length & ~1)));
}

async function writeOutputs(args: LiveArgs, record: LiveRecord): Promise<void> {
  if (record.count === 0) {
    process.stderr.write('No speech was heard: nothing to write.\n');
    return;
  }
  const cues = record.cues();
  const files: [string, string][] = [
    [`${args.outPrefix}.${args.from}.srt`, toSrt(cues.source)],
    [`${args.outPrefix}.${args.from}.vtt`, toWebVtt(cues.source)],
    [`${args.outPrefix}.${args.to}.srt`, toSrt(cues.target)],
    [`${args.outPrefix}.${args.to}.vtt`, toWebVtt(cues.target)],
  ];
  await Promise.all(files.map(([path, text]) => writeFile(path, text)));
  const wav = `${args.outPrefix}.${args.to}.wav`;
  await writeWav(wav, record.dubbedTrack());
  for (const path of [wav, ...files.map(([path]) => path)]) process.stdout.write(`  wrote ${path}\n`);
}

/** How long after each line's last sound its dubbed speech was ready, on the wall clock. */
class LineLags {
  readonly clock = new LiveLagClock();
  private readonly lines = new Map<number, { start: number; end: number }>();
  private readonly lags: number[] = [];

  take(event: LiveEvent): void {
    if (event.type === 'final') this.lines.set(event.id, event);
    const line = event.type === 'audio' ? this.lines.get(event.id) : undefined;
    const lag = line && this.clock.lagOf(line, performance.now());
    if (lag !== undefined) this.lags.push(lag);
  }

  last(): number | undefined {
    return this.lags.at(-1);
  }

  figures(): string | undefined {
    if (this.lags.length === 0) return undefined;
    const { medianSeconds, p90Seconds, worstSeconds, lines } = lagFigures(this.lags);
    return `median ${medianSeconds} s, 90th percentile ${p90Seconds} s, worst ${worstSeconds} s over ${lines} lines.`;
  }
}

/** Final lines are printed as they close; the line being heard shows on one line that is rewritten. */
function show(event: LiveEvent, lags: LineLags): void {
  if (event.type === 'partial') {
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K… ${event.sourceText.slice(-100)}`);
    return;
  }
  clearPartial();
  if (event.type === 'final') {
    if (event.sourceText === '') return;
    // mm:ss.s of the stream (formatTimestamp gives hh:mm:ss.mmm).
    const span = `${formatTimestamp(event.start, '.').slice(3, 10)}-${formatTimestamp(event.end, '.').slice(3, 10)}`;
    process.stdout.write(`[${span}] ${event.sourceText}\n           → ${event.targetText}\n`);
  } else if (event.type === 'line-error') {
    process.stderr.write(`Line ${event.id + 1} could not be dubbed: ${event.error}\n`);
  } else {
    const lag = lags.last();
    if (lag !== undefined && event.tempo > 1.01) {
      process.stderr.write(
        `  (line ${event.id + 1} sped up ${event.tempo.toFixed(2)}x to catch up; lag ${lag.toFixed(1)} s)\n`,
      );
    }
  }
}

function clearPartial(): void {
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
}

void runCli(() => main(process.argv.slice(2)));
