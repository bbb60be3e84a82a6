import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { descendantsOf, isAlive, treeRss } from '@voxlate/process-lifetime';
import {
  startRedis,
  startWorker,
  type RunningRedis,
  type RunningWorker,
} from '../../../apps/server/src/test/redis-process.js';
import { startService, type RunningService } from '../../../apps/server/src/test/service-process.js';

/** What stays behind after the cluster stopped: processes, temporary folders, locks and partial writes. */
export interface Leftovers {
  processes: number;
  tempFolders: number;
  locks: number;
  partialWrites: number;
}

/**
 * Two services and two workers on one data folder and one Redis, all on loopback, each started
 * as an operator would (built, as `npm start` runs them), with the faults the soak applies:
 * Redis stopped and started again on its port, a worker SIGKILLed and replaced, a service
 * restarted. Peak memory is sampled per role every second.
 */
export class SoakCluster {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'voxlate-soak-data-'));
  private readonly tempRoot = mkdtempSync(join(tmpdir(), 'voxlate-soak-tmp-'));
  redis!: RunningRedis;
  readonly services: (RunningService | undefined)[] = [];
  readonly workers: RunningWorker[] = [];
  /** Every process ever started, for the leftover count at the end. */
  private readonly pids: number[] = [];
  readonly peakRssMb: Record<string, number> = {};
  private sampler: NodeJS.Timeout | undefined;

  async start(): Promise<void> {
    this.redis = await startRedis();
    for (let i = 0; i < 2; i++) this.services.push(await this.newService());
    for (let i = 0; i < 2; i++) this.workers.push(await this.newWorker());
    this.sampler = setInterval(() => this.sample(), 1000);
  }

  /** A service to send a request to: the one asked for if it is up, else the other. */
  service(index: number): RunningService {
    const chosen = this.services[index % 2] ?? this.services[(index + 1) % 2];
    if (!chosen) throw new Error('no service is up');
    return chosen;
  }

  async stopRedisFor(ms: number): Promise<void> {
    const port = this.redis.port;
    await this.redis.stop();
    await new Promise((resolve) => setTimeout(resolve, ms));
    this.redis = await startRedis(port);
  }

  /** SIGKILLs a worker and starts another in its place (as a supervisor would) after `ms`. */
  async killWorker(index: number, ms: number): Promise<void> {
    await this.workers[index]!.kill();
    await new Promise((resolve) => setTimeout(resolve, ms));
    this.workers[index] = await this.newWorker();
  }

  /** Stops a service (SIGTERM: its running waits end, its jobs go on in the workers) and starts it again. */
  async restartService(index: number): Promise<void> {
    const service = this.services[index]!;
    this.services[index] = undefined;
    await service.stop();
    this.services[index] = await this.newService();
  }

  /** Stops everything and counts what is left behind. */
  async stop(): Promise<Leftovers> {
    clearInterval(this.sampler);
    for (const worker of this.workers) await worker.stop();
    for (const service of this.services) await service?.stop();
    await this.redis.stop();
    const leftovers = {
      processes: this.pids.flatMap((pid) => [pid, ...descendantsOf(pid)]).filter(isAlive).length,
      tempFolders: readdirSync(this.tempRoot).length,
      ...this.storeLeftovers(),
    };
    rmSync(this.dataDir, { recursive: true, force: true });
    rmSync(this.tempRoot, { recursive: true, force: true });
    return leftovers;
  }

  private storeLeftovers(): { locks: number; partialWrites: number } {
    const jobs = join(this.dataDir, 'jobs');
    let locks = 0;
    let partialWrites = 0;
    for (const id of existsSync(jobs) ? readdirSync(jobs) : []) {
      if (existsSync(join(jobs, id, '.lock'))) locks++;
      for (const folder of [join(jobs, id), join(jobs, id, 'stages')]) {
        if (!existsSync(folder)) continue;
        partialWrites += readdirSync(folder).filter((name) => name.endsWith('.partial')).length;
      }
    }
    return { locks, partialWrites };
  }

  private async newService(): Promise<RunningService> {
    const service = await startService(
      { VOXLATE_REDIS_URL: this.redis.url, LOG_LEVEL: 'warn' },
      { dataDir: this.dataDir, tempRoot: this.tempRoot },
    );
    this.pids.push(service.pid);
    return service;
  }

  private async newWorker(): Promise<RunningWorker> {
    const worker = await startWorker({
      VOXLATE_REDIS_URL: this.redis.url,
      VOXLATE_DATA_DIR: this.dataDir,
      VOXLATE_TMPDIR: this.tempRoot,
      VOXLATE_WORKER_JOBS: '1',
    });
    this.pids.push(worker.pid);
    return worker;
  }

  private sample(): void {
    const note = (role: string, pid: number | undefined): void => {
      if (pid === undefined || !isAlive(pid)) return;
      this.peakRssMb[role] = Math.max(this.peakRssMb[role] ?? 0, Math.round(treeRss(pid) / 1e6));
    };
    this.services.forEach((service, i) => note(`service ${i + 1}`, service?.pid));
    this.workers.forEach((worker, i) => note(`worker ${i + 1}`, worker.pid));
  }
}
