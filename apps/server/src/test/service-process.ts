import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { descendantsOf, rssOf, spawnTied } from '@voxlate/process-lifetime';

export { descendantsOf, isAlive } from '@voxlate/process-lifetime';

const ROOT = join(import.meta.dirname, '../../../..');

/** The real service in a process of its own, on a free loopback port, for HTTP tests. */
export interface RunningService {
  url: string;
  pid: number;
  tempRoot: string;
  stop(): Promise<void>;
  /** Resident memory of the service process, bytes. */
  rss(): number;
  /** Whether the process has ended (crashed, killed or stopped). */
  exited(): boolean;
  /** Kills the service and every process it started with SIGKILL (a crash), and waits for its end. */
  kill(): Promise<void>;
  /** The installation's data folder (its jobs). */
  dataDir: string;
  /** What the service has written to stdout and stderr so far (its last 200 KB). */
  output(): string;
}

/**
 * Starts the service with its own temp folder (removed when it stops), or with `tempRoot` when
 * given (kept: the caller owns it, for example to start a second service on the same folder).
 * It runs apps/server/dist as `npm start` does (Vitest's global setup builds it first).
 */
export async function startService(
  env: Record<string, string> = {},
  options: { tempRoot?: string; dataDir?: string } = {},
): Promise<RunningService> {
  const ownsTempRoot = options.tempRoot === undefined;
  const tempRoot = options.tempRoot ?? mkdtempSync(join(tmpdir(), 'voxlate-service-test-'));
  // The installation's data (its signing key) in a folder of the test's, never the user's home.
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'voxlate-service-data-'));
  // As `npm start` runs it (package.json), with --expose-gc for the engines' idle release.
  const child = spawnTied('node', ['--expose-gc', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      VOXLATE_TMPDIR: tempRoot,
      VOXLATE_DATA_DIR: dataDir,
      VOXLATE_RATE_TRANSLATE: '1000',
      VOXLATE_RATE_VIDEO: '1000',
      VOXLATE_RATE_URL: '1000',
      VOXLATE_RATE_JOBS: '1000',
      VOXLATE_RATE_SIGN_IN: '1000',
      // Every JSON answer is checked against the contract: one it does not describe is a 500.
      VOXLATE_CHECK_ANSWERS: '1',
      // As `npm start` sets it (see package.json and docs/benchmarks.md): big buffers are mapped, so the
      // memory of a released dictionary goes back to the system.
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => void (output = (output + chunk.toString()).slice(-200_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A service that never listens (it exited, or refused its settings) leaves no folder behind.
  const url = await listeningUrl(child).catch((error: unknown) => {
    if (ownsTempRoot) rmSync(tempRoot, { recursive: true, force: true });
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const ended = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    output: () => output,
    pid: child.pid!,
    tempRoot,
    dataDir,
    kill: async () => {
      const family = [child.pid!, ...descendantsOf(child.pid!)];
      for (const pid of family) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await ended;
    },
    rss: () => rssOf(child.pid!),
    exited: () => child.exitCode !== null || child.signalCode !== null,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        });
      }
      if (ownsTempRoot) rmSync(tempRoot, { recursive: true, force: true });
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`service did not start: ${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Voxlate listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`service exited with ${code}: ${output}`)));
  });
}

/** Polls until the condition holds; throws after `ms`. */
export async function waitFor(condition: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A multipart form from fields and files on disk, for fetch. */
export async function form(fields: Record<string, string>, files: Record<string, string> = {}): Promise<FormData> {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, path] of Object.entries(files)) {
    data.append(name, new Blob([readFileSync(path)]), path.split('/').pop());
  }
  return Promise.resolve(data);
}

/** Splits an SSE body into its events; comments are returned separately. */
export function parseSse(body: string): { events: Record<string, unknown>[]; comments: string[]; malformed: string[] } {
  const events: Record<string, unknown>[] = [];
  const comments: string[] = [];
  const malformed: string[] = [];
  for (const block of body.split('\n\n')) {
    if (block === '') continue;
    if (block.startsWith(':')) comments.push(block);
    else if (block.startsWith('data: ') && !block.slice(6).includes('\n'))
      events.push(JSON.parse(block.slice(6)) as Record<string, unknown>);
    else malformed.push(block);
  }
  return { events, comments, malformed };
}

/** A loopback HTTP server handing out the files of a folder (a stand-in for a media host). */
export async function serveFolder(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    try {
      response.end(readFileSync(join(dir, decodeURIComponent(request.url!.slice(1)))));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}
