import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AbuseCase } from './abuse-case.js';
import { allCases, quickSubset } from './all-cases.js';
import { AbuseServices } from './abuse-services.js';
import { idTiming } from './scenarios/id-timing.js';
import { LinkServer } from './cases/link-server.js';
import { makeBaseMedia, type BaseMedia } from './cases/media-files.js';
import { leftoverFolders, type LeftoverFolder } from './leftover-folders.js';
import { runCases, type CaseOutcome } from './run-cases.js';
import { concurrency } from './scenarios/concurrency.js';
import { killAndRestart } from './scenarios/kill-and-restart.js';
import { leavingClients } from './scenarios/leaving-clients.js';
import { waitUntil, type ScenarioResult } from './scenarios/scenario.js';
import { slowReaders } from './scenarios/slow-readers.js';

export interface AbuseOptions {
  /**
   * Every case, the quick subset (about 70, every family and every case that once found a bug),
   * or only the cases that once found a bug.
   */
  cases: 'every' | 'quick' | 'regressions';
  /** Only the cases of this category (`npm run abuse -- --category access`). */
  category?: string;
  /**
   * Every scenario, the two that the leftovers of a case once broke (clients that leave, clients
   * that never read), or none. They are played after the cases, whatever the cases left.
   */
  scenarios: 'every' | 'after-cases' | 'access' | 'none';
  /** Requests in flight at once. */
  concurrency: number;
  log: (line: string) => void;
}

export interface AbuseReport {
  cases: CaseOutcome[];
  scenarios: ScenarioResult[];
  crashes: number;
  /**
   * Folders still in the services' temp roots once every case was answered and its job ended,
   * looked at before any scenario: the kill -9 scenario's restart sweeps what a dead service
   * left, and would hide a request that never ended.
   */
  foldersLeftAfterCases: LeftoverFolder[];
  /** Folders left at the very end. */
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
    const every = allCases(base, { service: services.url('service'), linkServer: linkUrl }, services.accessKeys!);
    const outcomes = await sendCases(
      chosenCases(every, options.cases, options.category),
      every.length,
      services,
      options,
    );
    const foldersLeftAfterCases = await foldersLeftBy(outcomes, services, options.log);
    const scenarios = await playScenarios(services, base, SCENARIOS[options.scenarios], options.log);
    await services.settle();
    const foldersLeft = services.foldersLeft();
    const processesLeft = await services.stop();
    stopped = true;
    return {
      cases: outcomes,
      scenarios,
      crashes: services.crashes,
      foldersLeftAfterCases,
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

function chosenCases(all: readonly AbuseCase[], which: AbuseOptions['cases'], category?: string): readonly AbuseCase[] {
  const every = category === undefined ? all : all.filter((abuseCase) => abuseCase.category === category);
  if (every.length === 0) throw new Error(`No abuse case is of the category "${String(category)}".`);
  if (which === 'every') return every;
  return which === 'quick' ? quickSubset(every) : every.filter((abuseCase) => abuseCase.regression !== undefined);
}

async function sendCases(
  cases: readonly AbuseCase[],
  of: number,
  services: AbuseServices,
  options: AbuseOptions,
): Promise<CaseOutcome[]> {
  options.log(`${cases.length} cases${cases.length < of ? ` (${options.cases} of ${of})` : ''}`);
  return runCases(cases, services, {
    concurrency: options.concurrency,
    onOutcome: (outcome) => {
      if (outcome.unexpected || !['done', 'refused'].includes(outcome.verdict)) {
        options.log(
          `  ${outcome.verdict}${outcome.unexpected ? ' (unexpected)' : ''}: ${outcome.id} -> ${outcome.status} ${outcome.message ?? ''}`,
        );
      }
    },
  });
}

/** What the cases left in the temp roots once their jobs ended (every request removes its own folder). */
async function foldersLeftBy(
  outcomes: readonly CaseOutcome[],
  services: AbuseServices,
  log: (line: string) => void,
): Promise<LeftoverFolder[]> {
  await services.settle();
  await waitUntil(() => services.foldersLeft().length === 0, 10_000);
  const left = leftoverFolders(services.foldersLeft(), outcomes);
  for (const folder of left) {
    log(`  folder left after the cases: ${folder.name} (made during ${folder.madeDuring.join(', ') || '?'})`);
  }
  return left;
}

type Scenario = (services: AbuseServices, base: BaseMedia) => Promise<ScenarioResult | ScenarioResult[]>;

/**
 * In the order they are played: the kill -9 scenario last, since its restart sweeps leftovers.
 * 'after-cases': the two that once failed on a request a case left running (issue 53).
 */
const SCENARIOS: Readonly<Record<AbuseOptions['scenarios'], readonly Scenario[]>> = {
  every: [concurrency, leavingClients, slowReaders, idTiming, killAndRestart],
  'after-cases': [leavingClients, slowReaders],
  access: [idTiming],
  none: [],
};

async function playScenarios(
  services: AbuseServices,
  base: BaseMedia,
  scenarios: readonly Scenario[],
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const play of scenarios) {
    for (const result of [await play(services, base)].flat()) {
      results.push(result);
      log(`  scenario: ${result.name}: ${result.held ? 'held' : 'FAILED'} (${result.detail})`);
    }
  }
  return results;
}
