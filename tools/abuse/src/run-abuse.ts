import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allCases, quickSubset } from './all-cases.js';
import { AbuseServices } from './abuse-services.js';
import { LinkServer } from './cases/link-server.js';
import { makeBaseMedia } from './cases/media-files.js';
import { runCases, type CaseOutcome } from './run-cases.js';
import { concurrency } from './scenarios/concurrency.js';
import { killAndRestart } from './scenarios/kill-and-restart.js';
import { leavingClients } from './scenarios/leaving-clients.js';
import type { ScenarioResult } from './scenarios/scenario.js';
import { slowReaders } from './scenarios/slow-readers.js';

export interface AbuseOptions {
  /** The fast subset (about 60 cases, no scenarios), as `make test` runs it. */
  quick: boolean;
  /** Requests in flight at once. */
  concurrency: number;
  log: (line: string) => void;
}

export interface AbuseReport {
  cases: CaseOutcome[];
  scenarios: ScenarioResult[];
  crashes: number;
  foldersLeft: string[];
  processesLeft: number[];
  peakRssBytes: number;
  seconds: number;
}

/**
 * Starts the services and a misbehaving link server on loopback, sends every case, plays the
 * scenarios, and checks what was left behind once everything has stopped.
 */
export async function runAbuse(options: AbuseOptions): Promise<AbuseReport> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'voxlate-abuse-media-'));
  const services = new AbuseServices();
  let links: LinkServer | undefined;
  let stopped = false;
  try {
    const base = await makeBaseMedia(dir);
    links = new LinkServer(base.files.get('wav')!);
    const linkUrl = await links.start();
    await services.start();
    const every = allCases(base, { service: services.url('service'), linkServer: linkUrl });
    const cases = options.quick ? quickSubset(every) : every;
    options.log(`${cases.length} cases${options.quick ? ` (quick subset of ${every.length})` : ''}`);
    const outcomes = await runCases(cases, services, {
      concurrency: options.concurrency,
      onOutcome: (outcome) => {
        if (outcome.unexpected || !['done', 'refused'].includes(outcome.verdict)) {
          options.log(
            `  ${outcome.verdict}${outcome.unexpected ? ' (unexpected)' : ''}: ${outcome.id} -> ${outcome.status} ${outcome.message ?? ''}`,
          );
        }
      },
    });
    const scenarios = options.quick ? [] : await playScenarios(services, base, options.log);
    await services.settle();
    const foldersLeft = services.foldersLeft();
    const processesLeft = await services.stop();
    stopped = true;
    return {
      cases: outcomes,
      scenarios,
      crashes: services.crashes,
      foldersLeft,
      processesLeft,
      peakRssBytes: services.peakRss,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    links?.stop();
    if (!stopped) await services.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function playScenarios(
  services: AbuseServices,
  base: Awaited<ReturnType<typeof makeBaseMedia>>,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const play of [concurrency, leavingClients, slowReaders, killAndRestart]) {
    for (const result of [await play(services, base)].flat()) {
      results.push(result);
      log(`  scenario: ${result.name}: ${result.held ? 'held' : 'FAILED'} (${result.detail})`);
    }
  }
  return results;
}
