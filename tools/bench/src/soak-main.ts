import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runSoak } from './soak-bench.js';
import type { Leftovers } from './soak-cluster.js';

/**
 * `npm run bench:soak [-- --minutes N]` (4 by default, 1-30): two services, two workers and one
 * Redis on loopback under a steady stream of jobs and edits, with Redis stopped for 20 s, a worker
 * SIGKILLed and a service restarted on the way. Figures in bench-results/soak.json.
 */
const { values } = parseArgs({ options: { minutes: { type: 'string', default: '4' } } });
const minutes = Number(values.minutes);
if (!Number.isFinite(minutes) || minutes < 1 || minutes > 30) {
  console.error('--minutes must be a number from 1 to 30.');
  process.exit(2);
}
const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`Voxlate soak benchmark, ${minutes} min, load ${load()}`);
const figures = await runSoak({ minutes, log: (line) => console.log(line) });
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  join('bench-results', 'soak.json'),
  `${JSON.stringify({ date: new Date().toISOString(), loadavg: loadavg(), ...figures }, null, 2)}\n`,
);
console.log(JSON.stringify(figures, null, 2));
const broken = figures.jobs.lost.length + figures.edits.lost + figures.requests.hung + leftoverCount(figures.leftovers);
console.log(
  `load after: ${load()}; ${broken === 0 ? 'nothing lost, hung or left behind' : `${broken} lost, hung or left behind`}`,
);
process.exit(broken === 0 ? 0 : 1);

function leftoverCount(leftovers: Leftovers): number {
  return leftovers.processes + leftovers.tempFolders + leftovers.locks + leftovers.partialWrites;
}
