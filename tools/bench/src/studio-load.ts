import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startService } from '../../../apps/server/src/test/service-process.js';

/**
 * `npm run bench:studio`: how heavy the studio is to open. The built bundle's files (bytes, and
 * gzipped as they travel), and, in Debian's Chromium on loopback with a cold cache each time,
 * the largest contentful paint and the bytes transferred for the landing, the studio and the
 * pricing page (median of 5 loads). Figures in bench-results/studio.json.
 */
const ASSETS = join(import.meta.dirname, '../../../apps/web/dist/assets');
const PAGES = ['/', '/creator-studio', '/pricing'] as const;
const LOADS = 5;
/** Run in the page (this package has no DOM types): the last LCP entry, and every byte transferred. */
const IN_PAGE = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const bytes = [...performance.getEntriesByType('resource'), ...performance.getEntriesByType('navigation')]
      .reduce((total, entry) => total + entry.transferSize, 0);
    resolve({ lcp: list.getEntries().at(-1)?.startTime ?? 0, bytes });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

// The files themselves; their .br and .gz copies are what travels (measured below).
const bundle = readdirSync(ASSETS)
  .filter((name) => !/\.(br|gz)$/.test(name))
  .map((name) => {
    const bytes = readFileSync(join(ASSETS, name));
    return { name, kB: Math.round(bytes.length / 1024), gzipKB: Math.round(gzipSync(bytes).length / 1024) };
  });

const service = await startService();
// Debian's Chromium kept off the network, with a runtime folder of its own (PulseAudio's client
// would otherwise leave a pulse-* folder in the temp folder), removed when it closes.
const runtime = mkdtempSync(join(tmpdir(), 'voxlate-chromium-runtime-'));
const browser = await chromium.launch({
  env: { ...process.env, XDG_RUNTIME_DIR: runtime },
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const pages: { path: string; lcpMs: number; transferredKB: number }[] = [];
try {
  for (const path of PAGES) {
    const lcp: number[] = [];
    const transferred: number[] = [];
    for (let load = 0; load < LOADS; load++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${service.url}${path}`, { waitUntil: 'networkidle' });
      const figures = await page.evaluate<{ lcp: number; bytes: number }>(IN_PAGE);
      lcp.push(figures.lcp);
      transferred.push(figures.bytes);
      await context.close();
    }
    pages.push({ path, lcpMs: Math.round(median(lcp)), transferredKB: Math.round(median(transferred) / 1024) });
  }
} finally {
  await browser.close();
  await service.stop();
  rmSync(runtime, { recursive: true, force: true });
}

const figures = { date: new Date().toISOString(), loadavg: loadavg(), bundle, pages };
mkdirSync('bench-results', { recursive: true });
writeFileSync(join('bench-results', 'studio.json'), `${JSON.stringify(figures, null, 2)}\n`);
console.log(
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (const file of bundle) console.log(`${file.name}: ${file.kB} kB (${file.gzipKB} kB gzipped)`);
for (const page of pages)
  console.log(`${page.path}: LCP ${page.lcpMs} ms, ${page.transferredKB} kB transferred (median of ${LOADS})`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
