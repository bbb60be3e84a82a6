import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { descendantsOf, isAlive, treeRss } from '@voxlate/process-lifetime';
import { startService, type RunningService } from '../../../apps/server/src/test/service-process.js';
import { ApiKeys } from '@voxlate/workspace';
import type { Target } from './abuse-case.js';
import type { AccessKeys } from './cases/access-cases.js';

/** Settings of the service under attack: rate limits out of the way (every case comes from one address). */
const COMMON_ENV = {
  VOXLATE_RATE_TRANSLATE: '100000',
  VOXLATE_RATE_VIDEO: '100000',
  VOXLATE_RATE_URL: '100000',
  VOXLATE_BODY_IDLE_MS: '2000',
  VOXLATE_WRITE_TIMEOUT_MS: '5000',
};

const ENV: Readonly<Record<Target, Record<string, string>>> = {
  service: COMMON_ENV,
  // The access sweep's: keys in its data folder, one trusted proxy hop.
  keyed: { ...COMMON_ENV, VOXLATE_TRUST_PROXY: '1' },
  // The one that may fetch loopback links, for the misbehaving link server.
  links: {
    ...COMMON_ENV,
    VOXLATE_ALLOW_PRIVATE_URLS: '1',
    VOXLATE_URL_IDLE_MS: '2000',
    VOXLATE_URL_TIMEOUT_MS: '20000',
  },
};

/**
 * The two services the suite attacks, each on its own temp folder, watched all the time: a
 * service that exits is counted as a crash and started again on the same folder (so the sweep
 * at start is exercised too); memory of each process tree is sampled; every child process ever
 * seen is remembered, to check at the end that none outlives its service.
 */
export class AbuseServices {
  crashes = 0;
  peakRss = 0;
  private readonly running = new Map<Target, RunningService>();
  private readonly tempRoots = new Map<Target, string>();
  private readonly dataDirs = new Map<Target, string>();
  /** The keyed service's keys, made before it starts. */
  accessKeys: AccessKeys | undefined;
  private readonly seenChildren = new Set<number>();
  private sampler: NodeJS.Timeout | undefined;

  async start(): Promise<void> {
    for (const target of ['service', 'links', 'keyed'] as const) {
      this.tempRoots.set(target, mkdtempSync(join(tmpdir(), `voxlate-abuse-${target}-`)));
      if (target === 'keyed') await this.makeKeys();
      await this.startOne(target);
    }
    this.sampler = setInterval(() => this.sample(), 200);
  }

  url(target: Target): string {
    return this.running.get(target)!.url;
  }

  process(target: Target): RunningService {
    return this.running.get(target)!;
  }

  /** Counts and restarts services that have died since the last call. */
  async reviveCrashed(): Promise<string[]> {
    const revived: string[] = [];
    for (const [target, service] of this.running) {
      if (!service.exited()) continue;
      this.crashes++;
      revived.push(target);
      await service.stop();
      await this.startOne(target);
    }
    return revived;
  }

  /** Waits until no job runs or waits (a client that left may still be being cleaned up). */
  async settle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (const service of this.running.values()) {
      while (Date.now() < deadline) {
        const health = (await fetch(`${service.url}/health`).then((r) => r.json())) as {
          jobs: { running: number; waiting: number };
        };
        if (health.jobs.running + health.jobs.waiting === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  /** Entries left in the services' temp folders (each request and job removes its own). */
  foldersLeft(): string[] {
    return [...this.tempRoots.values()].flatMap((root) => readdirSync(root).map((name) => join(root, name)));
  }

  /** Stops both services and returns the child processes that outlived them. */
  async stop(): Promise<number[]> {
    clearInterval(this.sampler);
    this.sample();
    for (const service of this.running.values()) await service.stop();
    const deadline = Date.now() + 10_000;
    while ([...this.seenChildren].some(isAlive) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const root of [...this.tempRoots.values(), ...this.dataDirs.values()]) {
      rmSync(root, { recursive: true, force: true });
    }
    return [...this.seenChildren].filter(isAlive);
  }

  /** Replaces a service's process (used by the kill -9 scenario, which kills it on purpose). */
  async restart(target: Target): Promise<RunningService> {
    await this.running.get(target)?.stop();
    return this.startOne(target);
  }

  /** A data folder for the keyed service with a read key, a revoked and an expired one. */
  private async makeKeys(): Promise<void> {
    const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-abuse-keyed-data-'));
    this.dataDirs.set('keyed', dataDir);
    const keys = new ApiKeys(dataDir);
    const read = (await keys.add('Abuse', { scope: 'read' })).key;
    await keys.setPlan('Abuse', 'enterprise');
    const revoked = await keys.add('Abuse');
    await keys.revoke(revoked.prefix);
    const now = Date.now();
    const expired = (await keys.add('Abuse', { expiresAt: new Date(now - 1000) }, new Date(now - 60_000))).key;
    this.accessKeys = { read, revoked: revoked.key, expired };
  }

  private async startOne(target: Target): Promise<RunningService> {
    const dataDir = this.dataDirs.get(target);
    const service = await startService(ENV[target], {
      tempRoot: this.tempRoots.get(target)!,
      ...(dataDir ? { dataDir } : {}),
    });
    this.running.set(target, service);
    return service;
  }

  private sample(): void {
    let total = 0;
    for (const service of this.running.values()) {
      if (service.exited()) continue;
      total += treeRss(service.pid);
      for (const child of descendantsOf(service.pid)) this.seenChildren.add(child);
    }
    this.peakRss = Math.max(this.peakRss, total);
  }
}
