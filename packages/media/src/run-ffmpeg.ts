import type { ChildProcess } from 'node:child_process';
import { spawnTied } from '@voxlate/process-lifetime';
import { keepTail, waitForExit } from './run-process.js';

export interface FfmpegRun {
  child: ChildProcess;
  done: Promise<void>;
  stderr(): string;
}

/**
 * Starts ffmpeg with progress reports on stdout (`-progress pipe:1`) unless stdout carries
 * data. Progress is reported as seconds of output written out of `expectedSeconds` (or what its
 * getter says when the output's length becomes known while ffmpeg runs; nothing before then).
 */
export function startFfmpeg(
  args: readonly string[],
  options: {
    signal?: AbortSignal | undefined;
    expectedSeconds?: number | (() => number);
    onProgress?: ((done: number, total: number) => void) | undefined;
    stdoutIsData?: boolean;
  } = {},
): FfmpegRun {
  const progressArgs = options.stdoutIsData ? [] : ['-progress', 'pipe:1'];
  const child = spawnTied('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', '-y', ...progressArgs, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = keepTail(stderr + chunk)));
  child.stdin?.on('error', () => undefined);
  if (!options.stdoutIsData) reportProgress(child, options.expectedSeconds ?? 0, options.onProgress);
  const done = waitForExit(child, 'ffmpeg', options.signal, () => stderr);
  return { child, done, stderr: () => stderr };
}

/** Runs ffmpeg to completion with no piped data. */
export async function runFfmpeg(
  args: readonly string[],
  options: Parameters<typeof startFfmpeg>[1] = {},
): Promise<string> {
  const run = startFfmpeg(args, options);
  run.child.stdin?.end();
  await run.done;
  return run.stderr();
}

function reportProgress(
  child: ChildProcess,
  expectedSeconds: number | (() => number),
  onProgress: ((done: number, total: number) => void) | undefined,
): void {
  if (!onProgress || (typeof expectedSeconds === 'number' && expectedSeconds <= 0)) {
    child.stdout?.resume();
    return;
  }
  const expected = typeof expectedSeconds === 'number' ? () => expectedSeconds : expectedSeconds;
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const matches = [...chunk.matchAll(/out_time_us=(\d+)/g)];
    const last = matches.at(-1);
    const total = expected();
    if (last && total > 0) onProgress(Math.min(total, Number(last[1]) / 1e6), total);
  });
}
