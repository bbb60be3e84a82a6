import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { treeRss } from './rss-sampler.js';
import { startService, form } from '../../../apps/server/src/test/service-process.js';
import { speechVideo } from './make-inputs.js';

/**
 * Peak memory of the service (its process tree) during a refused 150 MB upload and during a
 * 60 s video job: `npm run bench:service`.
 */
const service = await startService();
const mb = (bytes: number): string => `${Math.round(bytes / 1e6)} MB`;

async function peakDuring(work: () => Promise<unknown>): Promise<{ idle: number; peak: number }> {
  const idle = treeRss(service.pid);
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(service.pid))), 50);
  await work();
  clearInterval(timer);
  return { idle, peak };
}

try {
  const upload = await peakDuring(async () => {
    const big = new Blob([new Uint8Array(151 * 1024 * 1024)]);
    const body = new FormData();
    body.append('target_language', 'spa');
    body.append('file', big, 'big.wav');
    const response = await fetch(`${service.url}/translate`, { method: 'POST', body }).catch((error: unknown) => error);
    console.log('151 MB upload answered', response instanceof Response ? response.status : String(response));
  });
  console.log(`service during a 151 MB upload: idle ${mb(upload.idle)}, peak ${mb(upload.peak)}`);
  const video = speechVideo(mkdtempSync(join(tmpdir(), 'voxlate-service-bench-')));
  const job = await peakDuring(async () => {
    const response = await fetch(`${service.url}/process-video`, {
      method: 'POST',
      body: await form({ target_language: 'spa' }, { video }),
    });
    const text = await response.text();
    console.log('video job answered', response.status, `${Math.round(text.length / 1e6)} MB of events`);
  });
  console.log(
    `service during a 60 s 720p video job (${mb(readFileSync(video).length)} file): idle ${mb(job.idle)}, peak ${mb(job.peak)}`,
  );
} finally {
  await service.stop();
}
