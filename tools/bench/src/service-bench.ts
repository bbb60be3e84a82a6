import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rssOf, treePss, treeRss } from '@voxlate/process-lifetime';
import { form, startService } from '../../../apps/server/src/test/service-process.js';
import { ffmpeg, makeDurationLie } from '../../../packages/dubber/src/test/make-media.js';
import { slopePerStep } from './least-squares.js';
import { librivoxClips, loopedRecording } from './make-inputs.js';

const mb = (bytes: number): number => Math.round(bytes / 1e6);
const TARGETS = ['spa', 'fra', 'ita', 'deu', 'rus', 'ell', 'jpn', 'cmn', 'yue', 'kor'] as const;

export interface ServiceFigures {
  jobsInARow?: {
    jobs: number;
    rssAfterEachMb: number[];
    slopeMbPerJob: number;
    idleStartMb: number;
    /** The lowest RSS in the two idle minutes after the last job, and when it came. */
    idleLowestMb: number;
    idleLowestAfterSeconds: number;
    /** The process tree's PSS (the service and its engine programs): idle at start, after the 50, lowest idle afterwards. */
    treePssMb: { idleStart: number; afterJobs: number; idleLowest: number };
  };
  durationLie?: { status: number; seconds: number; peakRssMb: number; peakTempMb: number };
  refusedUpload?: { status: number; peakRssMb: number; idleMb: number };
  thirtyMinutes?: {
    endpoint: string;
    status: number;
    seconds: number;
    answerMb: number;
    peakServiceRssMb: number;
    peakTreeRssMb: number;
  }[];
}

/** Memory and limits of the service under real use, measured on loopback. */
export async function runServiceBench(options: {
  quick: boolean;
  log: (line: string) => void;
}): Promise<ServiceFigures> {
  const work = mkdtempSync(join(tmpdir(), 'voxlate-service-bench-'));
  const figures: ServiceFigures = {};
  try {
    figures.jobsInARow = await jobsInARow(options.log);
    figures.durationLie = await durationLie(work, options.log);
    figures.refusedUpload = await refusedUpload(options.log);
    if (!options.quick) figures.thirtyMinutes = await thirtyMinutes(work, options.log);
    return figures;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Peak of `measure` sampled every 50 ms while `work` runs. */
async function peakDuring<T>(measure: () => number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = measure();
  const timer = setInterval(() => (peak = Math.max(peak, measure())), 50);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

/** Reads an answer to the end without holding it, counting its bytes. */
async function drain(response: Response): Promise<number> {
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
  return bytes;
}

/**
 * 50 short dubs in a row through all ten targets (every dictionary and analyser loaded), the
 * service's RSS after each, the slope over the last 40 (after the first round has loaded
 * everything), and the idle RSS once the engines' warm resources have been released.
 */
async function jobsInARow(log: (line: string) => void): Promise<ServiceFigures['jobsInARow']> {
  const clip = librivoxClips()[1]!.path;
  const service = await startService({ VOXLATE_ENGINE_IDLE_SECONDS: '15' });
  try {
    const idleStart = service.rss();
    const pssIdleStart = treePss(service.pid);
    const after: number[] = [];
    for (let job = 0; job < 50; job++) {
      const target = TARGETS[job % TARGETS.length]!;
      const answer = await fetch(`${service.url}/translate`, {
        method: 'POST',
        body: await form({ target_language: target, source_language: 'eng' }, { file: clip }),
      });
      await drain(answer);
      after.push(mb(service.rss()));
    }
    // Warm resources go after 15 s unused; V8 gives the memory back on its own idle collection,
    // which comes when it comes: the lowest RSS of two idle minutes is reported, and when.
    let lowest = service.rss();
    let lowestAt = 0;
    const pssAfterJobs = treePss(service.pid);
    let lowestPss = pssAfterJobs;
    for (let second = 5; second <= 120; second += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5000));
      if (service.rss() < lowest) [lowest, lowestAt] = [service.rss(), second];
      lowestPss = Math.min(lowestPss, treePss(service.pid));
    }
    const figures = {
      jobs: after.length,
      rssAfterEachMb: after,
      slopeMbPerJob: Math.round(slopePerStep(after.slice(10)) * 100) / 100,
      idleStartMb: mb(idleStart),
      idleLowestMb: mb(lowest),
      idleLowestAfterSeconds: lowestAt,
      treePssMb: { idleStart: mb(pssIdleStart), afterJobs: mb(pssAfterJobs), idleLowest: mb(lowestPss) },
    };
    log(
      `service, 50 dubs in a row (10 targets): RSS ${figures.idleStartMb} MB idle at start, ` +
        `${after[9]} MB after the first round, ${after.at(-1)} MB after 50; slope over jobs 11-50 ` +
        `${figures.slopeMbPerJob} MB/job; idle afterwards down to ${figures.idleLowestMb} MB (${lowestAt} s after the last job)`,
    );
    log(
      `  process tree PSS (the service and its engine programs): ${mb(pssIdleStart)} MB idle at start, ` +
        `${mb(pssAfterJobs)} MB after the 50, ${mb(lowestPss)} MB lowest idle afterwards (target: at most 600 MB)`,
    );
    return figures;
  } finally {
    await service.stop();
  }
}

/** A 7 MB file holding 2 h of audio whose header says 5 s: refused, quickly, with flat memory and temp. */
async function durationLie(work: string, log: (line: string) => void): Promise<ServiceFigures['durationLie']> {
  const tone = join(work, 'tone.wav');
  ffmpeg`-f lavfi -i sine=frequency=220:duration=10 -ac 1 ${tone}`;
  const path = makeDurationLie(work, tone, 7200, 5, '6k');
  const bytes = readFileSync(path);
  const service = await startService({});
  try {
    let peakTemp = 0;
    const tempTimer = setInterval(() => (peakTemp = Math.max(peakTemp, folderBytes(service.tempRoot))), 50);
    const started = performance.now();
    const { result: status, peak } = await peakDuring(
      () => treeRss(service.pid),
      async () => {
        const answer = await fetch(`${service.url}/translate`, {
          method: 'POST',
          body: await form({ target_language: 'spa', source_language: 'eng' }, { file: path }),
        });
        await drain(answer);
        return answer.status;
      },
    );
    clearInterval(tempTimer);
    const figures = {
      status,
      seconds: (performance.now() - started) / 1000,
      peakRssMb: mb(peak),
      peakTempMb: mb(peakTemp),
    };
    log(
      `service, ${mb(bytes.length)} MB file of 2 h declaring 5 s: ${status} in ${figures.seconds.toFixed(1)} s, ` +
        `peak RSS ${figures.peakRssMb} MB (process tree), peak temp ${figures.peakTempMb} MB (the upload itself)`,
    );
    return figures;
  } finally {
    await service.stop();
  }
}

/** A 151 MB upload, refused with 413 while it streams: memory stays flat. */
async function refusedUpload(log: (line: string) => void): Promise<ServiceFigures['refusedUpload']> {
  const service = await startService({});
  try {
    const idle = treeRss(service.pid);
    const { result: status, peak } = await peakDuring(
      () => treeRss(service.pid),
      async () => {
        const body = new FormData();
        body.append('target_language', 'spa');
        body.append('file', new Blob([new Uint8Array(151 * 1024 * 1024)]), 'big.wav');
        const answer = await fetch(`${service.url}/translate`, { method: 'POST', body }).catch(() => undefined);
        return answer?.status ?? 0;
      },
    );
    log(`service, 151 MB upload: ${status}, RSS ${mb(idle)} MB idle, ${mb(peak)} MB peak (process tree)`);
    return { status, peakRssMb: mb(peak), idleMb: mb(idle) };
  } finally {
    await service.stop();
  }
}

/**
 * A 30-minute input (44.1 kHz stereo, so the WAV answers are 318 MB, 424 MB as base64) through
 * each of the three endpoints: the service's own RSS (the target is 1 GB) and its process tree's.
 */
async function thirtyMinutes(work: string, log: (line: string) => void): Promise<ServiceFigures['thirtyMinutes']> {
  const audio = loopedRecording(work, 1800, 'thirty-minutes.m4a');
  const video = join(work, 'thirty-minutes.mp4');
  ffmpeg`-f lavfi -i testsrc2=size=320x240:rate=15 -i ${audio} -t 1800 -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a copy ${video}`;
  const files = await serveFile(audio);
  const service = await startService({ VOXLATE_ALLOW_PRIVATE_URLS: '1', VOXLATE_URL_TIMEOUT_MS: '600000' });
  const results: NonNullable<ServiceFigures['thirtyMinutes']> = [];
  try {
    // node:http, not fetch: fetch gives up when no header has come in 300 s, and a 30-minute
    // dub answers only when it is done (5-6 minutes here).
    const endpoints: [string, () => Promise<{ status: number; bytes: number }>][] = [
      [
        '/translate',
        async () =>
          postAndDrain(
            `${service.url}/translate`,
            await form({ target_language: 'spa', source_language: 'eng' }, { file: audio }),
          ),
      ],
      [
        '/process-video',
        async () =>
          postAndDrain(
            `${service.url}/process-video`,
            await form({ target_language: 'spa', source_language: 'eng' }, { video }),
          ),
      ],
      [
        '/process-audio-url',
        () =>
          postAndDrain(
            `${service.url}/process-audio-url`,
            JSON.stringify({ url: files.url, target_language: 'spa', source_language: 'eng' }),
            'application/json',
          ),
      ],
    ];
    for (const [endpoint, send] of endpoints) {
      let servicePeak = 0;
      const started = performance.now();
      const { result, peak } = await peakDuring(() => {
        servicePeak = Math.max(servicePeak, rssOf(service.pid));
        return treeRss(service.pid);
      }, send);
      const figure = {
        endpoint,
        status: result.status,
        seconds: Math.round((performance.now() - started) / 1000),
        answerMb: mb(result.bytes),
        peakServiceRssMb: mb(servicePeak),
        peakTreeRssMb: mb(peak),
      };
      results.push(figure);
      log(
        `service, 30-minute input through ${endpoint}: ${figure.status} in ${figure.seconds} s, ${figure.answerMb} MB answer, ` +
          `service RSS peak ${figure.peakServiceRssMb} MB (process tree ${figure.peakTreeRssMb} MB)`,
      );
    }
    return results;
  } finally {
    files.server.close();
    await service.stop();
  }
}

/**
 * POSTs a body (multipart form or text) and counts the answer's bytes as they come, with no
 * time limit on the wait for the answer's headers.
 */
async function postAndDrain(
  url: string,
  body: FormData | string,
  contentType?: string,
): Promise<{ status: number; bytes: number }> {
  // A Response encodes the form as multipart and names its boundary in the content type.
  const encoded = new Response(body, contentType ? { headers: { 'content-type': contentType } } : {});
  const request = httpRequest(url, {
    method: 'POST',
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  await pipeline(Readable.fromWeb(encoded.body! as NodeReadableStream<Uint8Array>), request);
  const response = await answer;
  let bytes = 0;
  for await (const chunk of response) bytes += (chunk as Buffer).length;
  return { status: response.statusCode ?? 0, bytes };
}

function serveFile(path: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-length': statSync(path).size });
    createReadStream(path).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/input.m4a`, server }),
    ),
  );
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}
