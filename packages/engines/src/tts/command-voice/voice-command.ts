import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Cancelled,
  EngineUnavailable,
  throwIfAborted,
  type EngineContext,
  type PcmAudio,
  type RunSlots,
  whenAborted,
} from '@voxlate/core';
import { createOwnedTempDir, spawnTied } from '@voxlate/process-lifetime';
import { readWavBytes } from './wav-bytes.js';

/** A sentence takes these programs 0.03-0.3 s; this long means the program hangs. */
export const DEFAULT_VOICE_TIMEOUT_MS = 20_000;
/** What is kept of a program's error output for the log. */
const STDERR_KEPT = 2000;

/** One run of a voice program. */
export interface VoiceCommand {
  /** How messages name it ("RHVoice"). */
  program: string;
  command: string;
  args: readonly string[];
  /** Text given on standard input (closed at once when absent). */
  stdin?: string;
  /** How that text is written (UTF-8 unless said: Festival's Italian modules read Latin-1). */
  stdinEncoding?: BufferEncoding;
}

/**
 * In `args`, where the program is to write its WAV, and its trace (Open JTalk's labels): files in
 * a temporary folder. Node gives a child sockets for its standard streams, which programs cannot
 * open by name (/dev/stdout), and SVOX Pico seeks back in its file to fill in the header.
 */
export const WAV_PATH = '{wav}';
export const TRACE_PATH = '{trace}';

export interface VoiceOutput {
  audio: PcmAudio;
  /** What the program printed (flite's phoneme durations). */
  printed: string;
  /** What it wrote to `TRACE_PATH`, if asked to (Open JTalk's labels). */
  trace: string;
}

/**
 * Runs a Debian voice program for one line and reads its WAV. Runs are limited to the slots'
 * count at once (one per core: each program is single-threaded); a program that fails, writes
 * no audio or runs past `timeoutMs` is killed and gives EngineUnavailable; an aborted job
 * kills it and gives Cancelled. Its files live in a temporary folder removed afterwards.
 */
export async function runVoiceCommand(
  run: VoiceCommand,
  slots: RunSlots,
  context: EngineContext,
  timeoutMs = DEFAULT_VOICE_TIMEOUT_MS,
): Promise<VoiceOutput> {
  throwIfAborted(context.signal);
  return slots.run(async () => {
    throwIfAborted(context.signal);
    const dir = await createOwnedTempDir(tmpdir(), 'voice');
    try {
      const wav = join(dir, 'line.wav');
      const trace = join(dir, 'trace.txt');
      const args = run.args.map((arg) => arg.replaceAll(WAV_PATH, wav).replaceAll(TRACE_PATH, trace));
      const printed = await execute(run, args, context, timeoutMs);
      const bytes = await readFile(wav).catch(() => new Uint8Array());
      const traced = await readFile(trace, 'utf8').catch(() => '');
      return { audio: readWavBytes(bytes, run.program), printed, trace: traced };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

function execute(
  run: VoiceCommand,
  args: readonly string[],
  context: EngineContext,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    // A group of its own, so that a kill reaches whatever the program started too.
    const child = spawnTied(run.command, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const out: Buffer[] = [];
    let stderr = '';
    let failure: Error | undefined;
    const stop = (error: Error): void => {
      failure ??= error;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(
      () => stop(new EngineUnavailable(`${run.program} did not finish a line within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
    const stopOnAbort = whenAborted(context.signal, () => stop(new Cancelled()));
    child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-64_000);
    });
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(Buffer.from(run.stdin ?? '', run.stdinEncoding ?? 'utf8'));
    child.on('error', (error) => stop(new EngineUnavailable(`${run.program} could not be started.`, error.message)));
    const settle = (): void => {
      clearTimeout(timer);
      stopOnAbort();
    };
    // A killed program is done with at its exit: a child of its own may hold its pipes open longer.
    child.on('exit', () => {
      if (!failure) return;
      settle();
      reject(failure);
    });
    child.on('close', (code, signal) => {
      settle();
      if (failure) return reject(failure);
      if (code !== 0) {
        const why = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
        return reject(
          new EngineUnavailable(`${run.program} ${why} while speaking a line.`, stderr.slice(-STDERR_KEPT)),
        );
      }
      resolve(Buffer.concat(out).toString('utf8'));
    });
  });
}
