import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from '@voxlate/contract';
import { median } from '@voxlate/core';
import { form, startService, type RunningService } from '../../../apps/server/src/test/service-process.js';
import { ready } from './jobs-bench.js';
import { loopedRecording } from './make-inputs.js';

/** One clip length's figures. */
export interface LanguagesCase {
  mediaSeconds: number;
  /** Seconds from the request to the last job ready: each case, in the order run. */
  oneSeconds: number[];
  threeSeconds: number[];
  /** Median of three languages in one request over the median of one. */
  ratio: number;
  /** The same three languages asked as three requests, one after another (what a creator did before). */
  threeApartSeconds: number;
}

/** The 30 s clip's figures (issue 39's case) at the top, and each length measured. */
export interface LanguagesFigures extends LanguagesCase {
  cases: LanguagesCase[];
  languagesAtOnce: string;
}

const TARGETS = ['spa', 'fra', 'ita'] as const;

/** Submits one request (one language or several) and waits until every job it made is ready; seconds. */
async function dubbed(service: RunningService, input: string, fields: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${service.url}/api/jobs`, {
    method: 'POST',
    body: await form(fields, { file: input }),
  });
  if (response.status !== 202) throw new Error(`submit answered ${response.status}: ${await response.text()}`);
  const job = (await response.json()) as Job;
  for (const { id } of job.group?.jobs ?? [{ id: job.id }]) await ready(service, id);
  return (performance.now() - started) / 1000;
}

/**
 * Several languages in one request against one (issues 29 and 39): a real recording (librivox,
 * looped to 30 s, and 180 s unless quick) dubbed on a warm built service into Spanish alone and
 * into Spanish, French and Italian in one request, alternately (so a drift of the machine's load
 * hits both alike), and once as three requests one after another. Issue 39's target: three at
 * most 2.2 times one on the 30 s clip, less on longer ones.
 */
export async function runLanguagesBench(options: {
  quick: boolean;
  log: (line: string) => void;
}): Promise<LanguagesFigures> {
  const work = mkdtempSync(join(tmpdir(), 'voxlate-languages-bench-'));
  const service = await startService();
  try {
    const voice = { voice: 'shaped' };
    // Warm: every engine of the three languages loaded once.
    await dubbed(service, loopedRecording(work, 30, 'warm.m4a'), { ...voice, target_languages: TARGETS.join(',') });
    const cases: LanguagesCase[] = [];
    for (const seconds of options.quick ? [30] : [30, 180]) {
      cases.push(
        await measureAt(service, loopedRecording(work, seconds, `talk-${seconds}.m4a`), seconds, voice, options),
      );
    }
    return { ...cases[0]!, cases, languagesAtOnce: process.env['VOXLATE_LANGUAGES_AT_ONCE'] ?? 'default' };
  } finally {
    await service.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function measureAt(
  service: RunningService,
  input: string,
  seconds: number,
  voice: Record<string, string>,
  options: { quick: boolean; log: (line: string) => void },
): Promise<LanguagesCase> {
  const oneSeconds: number[] = [];
  const threeSeconds: number[] = [];
  for (let round = 0; round < (options.quick ? 2 : 3); round++) {
    oneSeconds.push(await dubbed(service, input, { ...voice, target_language: 'spa' }));
    threeSeconds.push(await dubbed(service, input, { ...voice, target_languages: TARGETS.join(',') }));
  }
  let threeApartSeconds = 0;
  for (const target of TARGETS)
    threeApartSeconds += await dubbed(service, input, { ...voice, target_language: target });
  const ratio = median(threeSeconds) / median(oneSeconds);
  options.log(
    `languages: ${seconds} s of speech, warm built service, load ${loadavg()[0]!.toFixed(2)}: one language ` +
      `median ${median(oneSeconds).toFixed(1)} s (${oneSeconds.map((s) => s.toFixed(1)).join(', ')}), three in one request ` +
      `median ${median(threeSeconds).toFixed(1)} s (${threeSeconds.map((s) => s.toFixed(1)).join(', ')}): ratio ${ratio.toFixed(2)}; ` +
      `three requests one after another ${threeApartSeconds.toFixed(1)} s (ratio ${(threeApartSeconds / median(oneSeconds)).toFixed(2)})`,
  );
  return { mediaSeconds: seconds, oneSeconds, threeSeconds, ratio, threeApartSeconds };
}
