import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJobEvents, settledIn } from '../../../apps/server/src/test/job-events.js';
import { form, startService, waitFor, type RunningService } from '../../../apps/server/src/test/service-process.js';
import { ffmpeg } from '../../../packages/dubber/src/test/make-media.js';
import { loopedRecording } from './make-inputs.js';

export interface JobsFigures {
  redub: { mediaSeconds: number; firstDubSeconds: number; redubSeconds: number[]; medianSeconds: number };
  resume: {
    mediaSeconds: number;
    uninterruptedSeconds: number;
    beforeKillSeconds: number;
    stagesSavedAtKill: number;
    afterRestartSeconds: number;
    /** (time before the kill + time after the restart) / uninterrupted time. */
    totalRatio: number;
  };
  /** Service RSS with this many jobs waiting (the first is idle). */
  queued: { jobs: number; rssMb: number }[];
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (since: number): number => (performance.now() - since) / 1000;

async function submit(service: RunningService, path: string, target = 'spa'): Promise<string> {
  const response = await fetch(`${service.url}/api/jobs`, {
    method: 'POST',
    body: await form({ target_language: target }, { file: path }),
  });
  if (response.status !== 202) throw new Error(`submit answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** Waits until the job settles; throws unless it is ready. */
export async function ready(service: RunningService, id: string): Promise<void> {
  const events = await readJobEvents(
    `${service.url}/api/jobs/${id}/events`,
    settledIn(['ready', 'failed', 'cancelled', 'stale']),
    {
      ms: 3_600_000,
    },
  );
  const last = events.at(-1)!;
  if (last.data['state'] !== 'ready') throw new Error(`job ${id} ended ${JSON.stringify(last.data)}`);
}

/**
 * The jobs API's figures: one edited line of a 10-minute video re-dubbed on a warm service
 * (PATCH, render, until the new result is ready: what the creator waits for), a service killed
 * mid-job and restarted (how much of the work was done again), and the service's memory with
 * many jobs waiting.
 */
export async function runJobsBench(options: { quick: boolean; log: (line: string) => void }): Promise<JobsFigures> {
  const work = mkdtempSync(join(tmpdir(), 'voxlate-jobs-bench-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-jobs-bench-data-'));
  try {
    const redub = await redubFigures(work, dataDir, options);
    const resume = await resumeFigures(work, options);
    const queued = await queuedFigures(work);
    options.log(
      `jobs: re-dub of one line of a ${(redub.mediaSeconds / 60).toFixed(0)}-minute 720p video: median ${redub.medianSeconds.toFixed(2)} s ` +
        `(${redub.redubSeconds.map((s) => s.toFixed(2)).join(', ')}; first dub ${redub.firstDubSeconds.toFixed(0)} s); load ${loadavg()[0]!.toFixed(2)}`,
    );
    options.log(
      `jobs: kill -9 at ${resume.stagesSavedAtKill} of 12 stages saved (${resume.beforeKillSeconds.toFixed(1)} s in), ` +
        `restart to ready ${resume.afterRestartSeconds.toFixed(1)} s; total ${(resume.beforeKillSeconds + resume.afterRestartSeconds).toFixed(1)} s ` +
        `vs ${resume.uninterruptedSeconds.toFixed(1)} s uninterrupted (ratio ${resume.totalRatio.toFixed(2)}, ${resume.mediaSeconds} s of media)`,
    );
    options.log(`jobs: service RSS with jobs waiting: ${queued.map((q) => `${q.jobs}: ${q.rssMb} MB`).join(', ')}`);
    return { redub, resume, queued };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function redubFigures(
  work: string,
  dataDir: string,
  options: { quick: boolean; log: (line: string) => void },
): Promise<JobsFigures['redub']> {
  const mediaSeconds = options.quick ? 120 : 600;
  const video = compactSpeechVideo(work, mediaSeconds);
  const service = await startService({}, { dataDir });
  try {
    let started = performance.now();
    const id = await submit(service, video);
    await ready(service, id);
    const firstDubSeconds = seconds(started);
    options.log(`jobs: first dub of ${mediaSeconds} s of 720p video ${firstDubSeconds.toFixed(1)} s`);
    const job = (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as {
      segments: { id: number; target_text: string }[];
    };
    const redubSeconds: number[] = [];
    for (const line of [3, 40, 90].map((n) => job.segments[Math.min(n, job.segments.length - 1)]!)) {
      started = performance.now();
      const patched = await fetch(`${service.url}/api/jobs/${id}/segments/${line.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ target_text: `${line.target_text} Gracias.` }),
      });
      if (!patched.ok) throw new Error(`PATCH answered ${patched.status}`);
      const render = await fetch(`${service.url}/api/jobs/${id}/render`, { method: 'POST' });
      if (render.status !== 202) throw new Error(`render answered ${render.status}`);
      await ready(service, id);
      redubSeconds.push(seconds(started));
    }
    return { mediaSeconds, firstDubSeconds, redubSeconds, medianSeconds: median(redubSeconds) };
  } finally {
    await service.stop();
  }
}

/** A 1280x720 video of real speech, compressed hard enough that 10 minutes fit the 150 MB upload limit. */
function compactSpeechVideo(dir: string, seconds: number): string {
  const audio = loopedRecording(dir, seconds, 'jobs-speech.m4a');
  const path = join(dir, 'jobs-720p.mp4');
  ffmpeg`-f lavfi -i testsrc2=size=1280x720:rate=30 -i ${audio} -t ${seconds} -c:v libx264 -preset veryfast -crf 36 -pix_fmt yuv420p -c:a copy ${path}`;
  return path;
}

async function resumeFigures(work: string, options: { quick: boolean }): Promise<JobsFigures['resume']> {
  const mediaSeconds = options.quick ? 60 : 180;
  const audio = loopedRecording(work, mediaSeconds, 'resume.m4a');
  const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-jobs-resume-'));
  try {
    const first = await startService({}, { dataDir });
    let started = performance.now();
    await ready(first, await submit(first, audio));
    const uninterruptedSeconds = seconds(started);
    started = performance.now();
    const id = await submit(first, audio, 'fra');
    const stages = join(dataDir, 'jobs', id, 'stages');
    // Killed half way through the stages (after the voices are measured).
    await waitFor(() => readdirSync(stages).filter((name) => name.endsWith('.json')).length >= 7, 3_600_000);
    const stagesSavedAtKill = readdirSync(stages).filter((name) => name.endsWith('.json')).length;
    await first.kill();
    const beforeKillSeconds = seconds(started);
    // Its folders (the data folder is kept: the next service resumes from it).
    await first.stop();
    started = performance.now();
    const second = await startService({}, { dataDir });
    await ready(second, id);
    const afterRestartSeconds = seconds(started);
    await second.stop();
    return {
      mediaSeconds,
      uninterruptedSeconds,
      beforeKillSeconds,
      stagesSavedAtKill,
      afterRestartSeconds,
      totalRatio: (beforeKillSeconds + afterRestartSeconds) / uninterruptedSeconds,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Memory with many stored jobs waiting: they wait on disk, not in the service's memory. */
async function queuedFigures(work: string): Promise<JobsFigures['queued']> {
  const audio = loopedRecording(work, 20, 'queued.m4a');
  const service = await startService({
    VOXLATE_MAX_QUEUED: '1000',
    VOXLATE_MAX_QUEUED_PER_CLIENT: '1000',
    VOXLATE_RATE_JOBS: '1000',
  });
  try {
    const figures = [{ jobs: 0, rssMb: Math.round(service.rss() / 1e6) }];
    const ids: string[] = [];
    for (const upTo of [50, 100, 200, 300]) {
      while (ids.length < upTo) ids.push(await submit(service, audio));
      figures.push({ jobs: ids.length, rssMb: Math.round(service.rss() / 1e6) });
    }
    for (const id of ids) await fetch(`${service.url}/api/jobs/${id}`, { method: 'DELETE' });
    return figures;
  } finally {
    await service.stop();
  }
}
