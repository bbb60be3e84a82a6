import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { form } from '../../../apps/server/src/test/service-process.js';
import { loopedRecording } from './make-inputs.js';
import { SoakCluster, type Leftovers } from './soak-cluster.js';

/** A request that has no answer after this long counts as hung (the service promises 5 s for refusals). */
const HUNG_MS = 30_000;
const TARGETS = ['spa', 'fra', 'ita'] as const;

export interface SoakFigures {
  minutes: number;
  jobs: { submitted: number; refused: Record<string, number>; completed: number; failed: string[]; lost: string[] };
  edits: { sent: number; accepted: number; refused: Record<string, number>; lost: number };
  renders: { sent: number; accepted: number; refused: Record<string, number> };
  requests: { total: number; hung: number; longestAnswerSeconds: number; errors5xx: Record<string, number> };
  faults: string[];
  peakRssMb: Record<string, number>;
  leftovers: Leftovers;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * `npm run bench:soak`: a steady stream of jobs and edits through two services (two workers, one
 * Redis) for a bounded time, with faults on the way: Redis stopped for 20 s, a worker SIGKILLed,
 * a service restarted. Then every accepted job must end, every accepted edit be in its job, and
 * nothing be left behind.
 */
export async function runSoak(options: { minutes: number; log: (line: string) => void }): Promise<SoakFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'voxlate-soak-input-'));
  const cluster = new SoakCluster();
  const soak = new SoakTraffic(cluster, loopedRecording(dir, 14, 'soak.m4a'), options.log);
  try {
    await cluster.start();
    options.log('cluster up: 2 services, 2 workers, 1 Redis');
    const end = Date.now() + options.minutes * 60_000;
    const traffic = soak.run(end);
    await soak.faults(options.minutes * 60_000);
    await traffic;
    options.log('traffic stopped; waiting for every accepted job to settle');
    await soak.drain(10 * 60_000);
    const verdict = await soak.verdict();
    const leftovers = await cluster.stop();
    return { minutes: options.minutes, ...verdict, peakRssMb: cluster.peakRssMb, leftovers };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The load: jobs submitted, finished jobs' lines edited (against their revision) and rendered. */
class SoakTraffic {
  private readonly accepted = new Set<string>();
  private readonly refusedJobs: Record<string, number> = {};
  /** The last accepted text of each job line, by the line revision it got. */
  private readonly expected = new Map<string, { text: string; revision: number }>();
  private readonly edits = { sent: 0, accepted: 0, refused: {} as Record<string, number> };
  private readonly renders = { sent: 0, accepted: 0, refused: {} as Record<string, number> };
  private readonly requests = { total: 0, hung: 0, longestAnswerSeconds: 0, errors5xx: {} as Record<string, number> };
  readonly faultLog: string[] = [];
  private counter = 0;
  private readonly started = Date.now();

  constructor(
    private readonly cluster: SoakCluster,
    private readonly input: string,
    private readonly log: (line: string) => void,
  ) {}

  async run(end: number): Promise<void> {
    await Promise.all([this.submitting(end), this.editing(end)]);
  }

  /** Redis away for 20 s at a fifth of the run, a worker killed at two fifths, a service restarted at three. */
  async faults(totalMs: number): Promise<void> {
    const at = async (fraction: number, name: string, fault: () => Promise<void>): Promise<void> => {
      await sleepUntil(this.started + totalMs * fraction);
      const started = Date.now();
      await fault();
      const line = `${name} at ${Math.round((started - this.started) / 1000)} s`;
      this.faultLog.push(line);
      this.log(line);
    };
    await at(0.2, 'Redis stopped for 20 s', () => this.cluster.stopRedisFor(20_000));
    await at(0.4, 'worker 1 SIGKILLed (another started 10 s later)', () => this.cluster.killWorker(0, 10_000));
    await at(0.6, 'service 2 restarted', () => this.cluster.restartService(1));
  }

  /** Waits until no accepted job is queued or running (or `ms` pass). */
  async drain(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const states = await Promise.all([...this.accepted].map((id) => this.stateOf(id)));
      if (states.every((state) => state !== 'queued' && state !== 'running')) return;
      await sleep(2000);
    }
  }

  async verdict(): Promise<Omit<SoakFigures, 'minutes' | 'peakRssMb' | 'leftovers'>> {
    const completed: string[] = [];
    const failed: string[] = [];
    const lost: string[] = [];
    for (const id of this.accepted) {
      const { body } = await this.call(0, `/api/jobs/${id}`);
      const state = String(body['state']);
      if (state === 'ready' || state === 'stale') completed.push(id);
      else if (state === 'failed') failed.push(`${id}: ${String((body['error'] as { message?: string })?.message)}`);
      else lost.push(`${id}: ${state}`);
    }
    let lostEdits = 0;
    for (const [key, want] of this.expected) {
      const [id, line] = key.split('#') as [string, string];
      const { body } = await this.call(0, `/api/jobs/${id}`);
      const segment = (body['segments'] as { id: number; target_text: string }[] | undefined)?.find(
        (candidate) => candidate.id === Number(line),
      );
      if (segment?.target_text !== want.text) lostEdits++;
    }
    return {
      jobs: { submitted: this.accepted.size, refused: this.refusedJobs, completed: completed.length, failed, lost },
      edits: { ...this.edits, lost: lostEdits },
      renders: this.renders,
      requests: this.requests,
      faults: this.faultLog,
    };
  }

  /** A job every 5 s, through the two services in turn. */
  private async submitting(end: number): Promise<void> {
    while (Date.now() < end) {
      const index = this.counter++;
      const target = TARGETS[index % TARGETS.length]!;
      const answer = await this.call(index, '/api/jobs', {
        method: 'POST',
        body: await form({ target_language: target }, { file: this.input }),
      });
      if (answer.status === 202) this.accepted.add(String(answer.body['id']));
      else count(this.refusedJobs, String(answer.status));
      await sleep(5000);
    }
  }

  /** Every second or so: edits of a finished job's line, made against the revision read; now and then a render. */
  private async editing(end: number): Promise<void> {
    let round = 0;
    while (Date.now() < end) {
      round++;
      await sleep(700);
      const ids = [...this.accepted];
      if (ids.length === 0) continue;
      const id = ids[round % ids.length]!;
      const job = await this.call(round, `/api/jobs/${id}`);
      const lines = job.body['segments'] as { id: number; revision: number }[] | undefined;
      if (job.status !== 200 || !lines || lines.length === 0) continue;
      if (!['ready', 'stale'].includes(String(job.body['state']))) continue;
      if (round % 7 === 0 && job.body['state'] === 'stale') {
        await this.render(round, id);
        continue;
      }
      // Two editors change the same line at once from the same revision, one through each service:
      // one edit goes in, the other is refused with 409.
      const line = lines[round % lines.length]!;
      await Promise.all([this.edit(round, 0, id, line), this.edit(round, 1, id, line)]);
    }
  }

  private async edit(round: number, via: number, id: string, line: { id: number; revision: number }): Promise<void> {
    const text = `Texto ${round}.${via} de la prueba.`;
    this.edits.sent++;
    const answer = await this.call(via, `/api/jobs/${id}/segments/${line.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ target_text: text, revision: line.revision }),
    });
    if (answer.status !== 200) {
      count(this.edits.refused, String(answer.status));
      return;
    }
    this.edits.accepted++;
    const revision = Number(answer.body['revision']);
    const key = `${id}#${line.id}`;
    if ((this.expected.get(key)?.revision ?? -1) < revision) this.expected.set(key, { text, revision });
  }

  private async render(round: number, id: string): Promise<void> {
    this.renders.sent++;
    const answer = await this.call(round, `/api/jobs/${id}/render`, { method: 'POST' });
    if (answer.status === 202) this.renders.accepted++;
    else count(this.renders.refused, String(answer.status));
  }

  private async stateOf(id: string): Promise<string> {
    return String((await this.call(0, `/api/jobs/${id}`)).body['state']);
  }

  /** One request to a service, timed; a connection refused by a restarting service is answered 0. */
  private async call(index: number, path: string, init: RequestInit = {}): Promise<Answer> {
    const service = this.cluster.service(index);
    const started = Date.now();
    this.requests.total++;
    try {
      const response = await fetch(`${service.url}${path}`, { ...init, signal: AbortSignal.timeout(HUNG_MS) });
      const text = await response.text();
      if (response.status >= 500) count(this.requests.errors5xx, `${response.status} ${path.split('/')[1] ?? ''}`);
      return {
        status: response.status,
        body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
    } catch (error) {
      if ((error as { name?: string }).name === 'TimeoutError') this.requests.hung++;
      return { status: 0, body: {} };
    } finally {
      const seconds = (Date.now() - started) / 1000;
      this.requests.longestAnswerSeconds = Math.max(this.requests.longestAnswerSeconds, seconds);
    }
  }
}

function count(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sleepUntil(time: number): Promise<void> {
  return sleep(Math.max(0, time - Date.now()));
}
