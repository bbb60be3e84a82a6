import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { runServiceBench } from './service-bench.js';

/**
 * `npm run bench:service [-- --quick]`: the service's memory and limits alone (50 dubs in a row
 * and the RSS slope, idle release, a 2 h file declaring 5 s, a refused 151 MB upload, and
 * without --quick a 30-minute input through each endpoint). `npm run bench` runs it too.
 */
console.log(
  `Voxlate service benchmark, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const figures = await runServiceBench({ quick: process.argv.includes('--quick'), log: (line) => console.log(line) });
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  join('bench-results', 'service.json'),
  `${JSON.stringify({ date: new Date().toISOString(), loadavg: loadavg(), ...figures }, null, 2)}\n`,
);
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; figures in bench-results/service.json`,
);
