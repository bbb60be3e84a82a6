import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { spawnTied } from '@voxlate/process-lifetime';
import { Cancelled, whenAborted } from '@voxlate/core';

export interface ProcessResult {
  stdout: string;
  stderr: string;
}

export class ProcessFailed extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`${command} exited with ${exitCode ?? 'a signal'}: ${lastLines(stderr, 5)}`);
    this.name = 'ProcessFailed';
  }
}

/** How much stderr is kept: enough for the error at the end, bounded for long jobs. */
const STDERR_LIMIT = 64 * 1024;

/**
 * Runs a program to completion, collecting its output. An abort kills it and rejects
 * with Cancelled; a non-zero exit rejects with ProcessFailed carrying stderr for the log.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { signal?: AbortSignal | undefined; stdin?: string | Buffer; spawn?: SpawnOptions } = {},
): Promise<ProcessResult> {
  const child = spawnTied(command, args, { stdio: ['pipe', 'pipe', 'pipe'], ...options.spawn });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = keepTail(stderr + chunk)));
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(options.stdin);
  return waitForExit(child, command, options.signal, () => stderr).then(() => ({ stdout, stderr }));
}

/** Resolves when the child exits with 0; kills it on abort. */
export function waitForExit(
  child: ChildProcess,
  command: string,
  signal: AbortSignal | undefined,
  stderr: () => string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const stopOnAbort = whenAborted(signal, () => void child.kill('SIGKILL'));
    child.once('error', (error) => {
      stopOnAbort();
      reject(error);
    });
    child.once('close', (code) => {
      stopOnAbort();
      if (signal?.aborted) reject(new Cancelled());
      else if (code === 0) resolve();
      else reject(new ProcessFailed(command, code, stderr()));
    });
  });
}

export function keepTail(text: string): string {
  return text.length > STDERR_LIMIT ? text.slice(-STDERR_LIMIT) : text;
}

function lastLines(text: string, count: number): string {
  return text.trim().split('\n').slice(-count).join(' | ');
}
