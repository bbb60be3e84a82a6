import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSpeechWav } from '/work/main/packages/dubber/src/test/make-media.ts';
import { startService, form } from '/work/main/apps/server/src/test/service-process.ts';
const dir = mkdtempSync(join(tmpdir(), 'voxlate-costs-'));
const short = await makeSpeechWav(dir, ['Welcome back to the channel.'], 'short.wav');
const s = await startService();
for (let i = 0; i < 4; i++) {
  const t = Date.now();
  const r = await fetch(`${s.url}/translate`, { method: 'POST', body: await form({ target_language: process.argv[2] ?? 'ita' }, { file: short }) });
  const body = (await r.json()) as { job_id: string };
  const job = (await (await fetch(`${s.url}/api/jobs/${body.job_id}`)).json()) as Record<string, unknown>;
  console.log(i, Date.now() - t, 'ms', JSON.stringify(job['stage_seconds'] ?? job['stageSeconds']));
}
await s.stop();
rmSync(dir, { recursive: true, force: true });
