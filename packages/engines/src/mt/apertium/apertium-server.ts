import { spawn, type ChildProcess } from 'node:child_process';
import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { EngineUnavailable } from '@voxlate/core';
import { freeLoopbackPort } from './free-port.js';
import { answersAt, listPairs } from './list-pairs.js';
import type { ApertiumPair } from './routes.js';

export const APERTIUM_MODES = '/usr/share/apertium/modes';
const DEBIAN_PYTHON = '/usr/bin/python3';
const LAUNCHER = fileURLToPath(new URL('../../../assets/apy-loopback.py', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const MAX_RESTARTS_PER_MINUTE = 5;
/**
 * A language pair's pipeline unused this long is ended by apertium-apy at its next request (of any
 * pair). A busy worker dubbing French, Italian and Spanish in turn otherwise keeps every pair
 * warm: French and Italian go through Catalan, whose generator for French alone holds 450 MB.
 */
const PAIR_IDLE_MS = 60_000;
/** A listing of pairs is instant on a live server; a hung one must not hold a start up. */
const PROBE_TIMEOUT_MS = 5_000;

/** Process groups to end when Node exits normally; a crash is handled by the launcher itself. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

/**
 * A warm apertium-apy on loopback, started on first use, restarted if it dies or stalls,
 * stopped with the product. Translation pipelines stay loaded between requests (16-36 ms a
 * sentence). The server and its pipelines form one process group (the launcher leads it), so
 * stopping or restarting it ends all of them, and they end by themselves if Node dies.
 */
export class ApertiumServer {
  private child: ChildProcess | undefined;
  private ready: Promise<string> | undefined;
  private stopping = false;
  /** Requests under way (a server is never stopped under one), and when the last one ended. */
  private inUse = 0;
  private lastUsed = Date.now();
  private idleCheck: NodeJS.Timeout | undefined;

  /**
   * `startTimeoutMs`: longest wait for a new server to answer (30 s; it takes about 1 s).
   * `idleMs`: a server unused this long is stopped (its pipelines hold about 30 MB each); the
   * next request starts it again in about a second.
   * `pairIdleMs`: one pair's pipeline unused this long is ended while others are in use (see
   * PAIR_IDLE_MS); starting it again costs its next request up to a second or two.
   */
  constructor(
    private readonly startTimeoutMs = START_TIMEOUT_MS,
    private readonly idleMs = Number.POSITIVE_INFINITY,
    private readonly pairIdleMs = Math.min(idleMs, PAIR_IDLE_MS),
  ) {}

  private restarts: number[] = [];

  static async isInstalled(): Promise<boolean> {
    return Promise.all([access('/usr/bin/apertium-apy'), access(APERTIUM_MODES)]).then(
      () => true,
      () => false,
    );
  }

  /** The base URL of a running server, starting one if needed. */
  baseUrl(): Promise<string> {
    this.ready ??= this.start();
    return this.ready;
  }

  /** Runs a request against the server (started if needed), which is not stopped for idleness meanwhile. */
  async using<T>(request: (baseUrl: string) => Promise<T>): Promise<T> {
    this.inUse++;
    try {
      return await request(await this.baseUrl());
    } finally {
      this.inUse--;
      this.lastUsed = Date.now();
    }
  }

  async pairs(): Promise<ApertiumPair[]> {
    return this.using((url) => listPairs(url, PROBE_TIMEOUT_MS));
  }

  async stop(): Promise<void> {
    clearInterval(this.idleCheck);
    this.idleCheck = undefined;
    this.stopping = true;
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 2000).unref();
    });
  }

  /**
   * Ends a server that stopped answering (hung, or stopped with SIGSTOP) and its pipelines; the
   * next call starts a fresh one. Not counted against the restart budget: the caller decided.
   */
  restart(): void {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    if (child && child.exitCode === null) killGroup(child, 'SIGKILL');
  }

  /** The process id, for supervision tests. */
  pid(): number | undefined {
    return this.child?.pid;
  }

  private async start(): Promise<string> {
    this.stopping = false;
    const port = await freeLoopbackPort();
    // apertium-apy's --max-idle-secs: whole seconds, 0 for never.
    const pairIdleSeconds = Number.isFinite(this.pairIdleMs) ? Math.max(1, Math.round(this.pairIdleMs / 1000)) : 0;
    const args = [LAUNCHER, '-p', String(port), '--max-idle-secs', String(pairIdleSeconds), APERTIUM_MODES];
    const child = spawn(DEBIAN_PYTHON, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      // Its own process group, so that killing the group ends the pipelines too.
      detached: true,
      env: { ...process.env, VOXLATE_PARENT_PID: String(process.pid) },
    });
    let log = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (log = (log + chunk).slice(-4000)));
    this.child = child;
    running.add(child);
    child.once('exit', () => {
      running.delete(child);
      if (this.child === child) this.onUnexpectedExit();
    });
    const url = `http://127.0.0.1:${port}`;
    await waitUntilServing(url, child, () => log, this.startTimeoutMs);
    this.watchIdleness();
    return url;
  }

  /** Stops the server once nothing has used it for idleMs; the next use starts it again. */
  private watchIdleness(): void {
    if (!Number.isFinite(this.idleMs) || this.idleCheck) return;
    this.lastUsed = Date.now();
    this.idleCheck = setInterval(
      () => {
        if (this.inUse > 0 || Date.now() - this.lastUsed < this.idleMs || !this.child) return;
        void this.stop();
      },
      Math.min(this.idleMs, 60_000),
    );
    this.idleCheck.unref();
  }

  /** Clears the handle so the next request starts a fresh server, within a restart budget. */
  private onUnexpectedExit(): void {
    this.child = undefined;
    this.ready = undefined;
    if (this.stopping) return;
    const now = Date.now();
    this.restarts = this.restarts.filter((time) => now - time < 60_000);
    this.restarts.push(now);
    if (this.restarts.length <= MAX_RESTARTS_PER_MINUTE) this.ready = this.start();
    this.ready?.catch(() => undefined);
  }
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new EngineUnavailable('apertium-apy exited while starting.', log());
    }
    if (await answersAt(url, PROBE_TIMEOUT_MS)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  killGroup(child, 'SIGKILL');
  throw new EngineUnavailable(`apertium-apy did not start within ${timeoutMs / 1000} s.`, log());
}

/** Signals the child's whole process group (it was started detached, as the group's leader). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
