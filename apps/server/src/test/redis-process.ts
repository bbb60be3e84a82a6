import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTied } from '@voxlate/process-lifetime';

const ROOT = join(import.meta.dirname, '../../../..');

/** A real redis-server (Debian's) on a free loopback port, nothing saved to disk. */
export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** `port`: a given one, to start Redis again where a service expects it. */
export async function startRedis(port?: number): Promise<RunningRedis> {
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'voxlate-redis-'));
  const child = spawnTied(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await waitForLine(child, /Ready to accept connections/, 'redis-server');
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A worker process (`npm run worker`, from source) with its log of jobs taken and ended. */
export interface RunningWorker {
  pid: number;
  log: { worker: number; id: string; event: 'active' | 'done'; outcome?: string }[];
  /** What the worker has written to stdout and stderr so far (its last 200 KB). */
  output(): string;
  kill(): Promise<void>;
  /** Stops the process where it is (SIGSTOP): to its event loop, a stall of any length. */
  freeze(): void;
  /** Lets a frozen process go on (SIGCONT). */
  thaw(): void;
  stop(): Promise<void>;
}

export async function startWorker(env: Record<string, string>): Promise<RunningWorker> {
  const child = spawnTied('node', ['apps/server/dist/worker-main.js'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: RunningWorker['log'] = [];
  let pending = '';
  let output = '';
  const keep = (chunk: Buffer): void => void (output = (output + chunk.toString()).slice(-200_000));
  // Both are pipes (stdio above); spawnTied's type does not know it.
  child.stderr!.on('data', keep);
  child.stdout!.on('data', (chunk: Buffer) => {
    keep(chunk);
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.startsWith('{')) log.push(JSON.parse(line) as RunningWorker['log'][number]);
  });
  await waitForLine(child, /Voxlate worker ready/, 'worker');
  return {
    pid: child.pid!,
    log,
    output: () => output,
    kill: async () => {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await ended;
    },
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    stop: () => stopChild(child),
  };
}

function waitForLine(child: ChildProcess, pattern: RegExp, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (!pattern.test(output)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${output}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  // A frozen process would keep its SIGTERM pending for ever.
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  await ended;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
