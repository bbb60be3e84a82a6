import type { FastifyInstance } from 'fastify';
import { Routes, type LanguageSupport } from '@voxlate/contract';
import { LANGUAGES, LANGUAGE_CODES, isLanguageDetector } from '@voxlate/core';
import { HttpError } from '../http/http-error.js';
import { folderProblem, serviceFolders } from '../requests/writable-folders.js';
import type { RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';
import { QUEUE_DOWN_RETRY_AFTER_SECONDS } from '@voxlate/jobs';

/** GET /health, /ready, /api/languages (what each language can do here) and /api/engines. */
export function registerInfoRoutes(app: FastifyInstance, context: RouteContext): void {
  const { dubber, jobs } = context;
  const { registries } = dubber.resolver;

  serveRoute(app, Routes.health, () => ({
    status: 'ok' as const,
    jobs: jobs.runningHere(),
    queue: jobs.queueStatus(),
    memory: memoryFigures(),
  }));

  serveRoute(app, Routes.ready, async () => {
    if (jobs.queueStatus() === 'down') {
      throw new HttpError(503, 'Not ready: the job queue (Redis) cannot be reached.', {
        'Retry-After': String(QUEUE_DOWN_RETRY_AFTER_SECONDS),
      });
    }
    const problem = await folderProblem(serviceFolders(dubber.config.dataDir, context.config.tempRoot));
    if (problem !== undefined) throw new HttpError(503, `Not ready: ${problem} Every dub would fail.`);
    return { ready: true as const };
  });

  // The key this installation signs its dubs' provenance manifests with (npm run verify -- --key).
  serveRoute(app, Routes.provenanceKey, () => ({ algorithm: 'Ed25519' as const, publicKey: dubber.publicKey() }));

  serveRoute(app, Routes.listEngines, async () => ({
    vad: await registries.vad.describe(),
    asr: await registries.asr.describe(),
    mt: await registries.mt.describe(),
    tts: await registries.tts.describe(),
    clone: await registries.clone.describe(),
    stretch: await registries.stretch.describe(),
    separate: await registries.separate.describe(),
    diarise: await registries.diarise.describe(),
    voice: await registries.voice.describe(),
    lipsync: await registries.lipsync.describe(),
    live: await registries.live.describe(),
  }));

  serveRoute(app, Routes.listLanguages, async (): Promise<LanguageSupport[]> => {
    const recognisers = await registries.asr.candidates(() => true);
    const liveRecognisers = await registries.live.candidates(() => true);
    const voices = await registries.tts.candidates(() => true);
    return Promise.all(
      LANGUAGE_CODES.map(async (code) => {
        // The translator a dub would use (the resolver's choice: full before gist, measured before ranked).
        const fromEnglish = code === 'eng' ? undefined : { source: 'eng' as const, target: code };
        const translator = fromEnglish
          ? await dubber.resolver.translator(fromEnglish).catch(() => undefined)
          : undefined;
        const quality = translator && fromEnglish ? translator.qualityFor(fromEnglish) : undefined;
        const cloner = await dubber.resolver.voiceCloner(code);
        const speaker = await dubber.resolver.synthesiser(code).catch(() => undefined);
        return {
          ...LANGUAGES[code],
          stages: {
            recognition: recognisers.filter((engine) => engine.languages.includes(code)).map((engine) => engine.id),
            live_recognition: liveRecognisers
              .filter((engine) => engine.languages.includes(code))
              .map((engine) => engine.id),
            // Engines that can tell this language apart when the source language is 'auto'.
            detection: recognisers
              .filter((engine) => isLanguageDetector(engine) && engine.languages.includes(code))
              .map((engine) => engine.id),
            translation_from_english: translator && quality ? { engine: translator.id, quality } : null,
            synthesis: voices.filter((engine) => engine.languages.includes(code)).map((engine) => engine.id),
            voice_cloning: cloner
              ? { engine: cloner.id, name: cloner.name, speech_per_second: cloner.speechPerSecond }
              : null,
            speech: speaker
              ? {
                  engine: speaker.id,
                  name: speaker.name,
                  robotic: speaker.robotic === true,
                  voices: (speaker.listVoices?.(code) ?? []).map(({ nonCommercial, ...voice }) => ({
                    ...voice,
                    gender: voice.gender ?? null,
                    non_commercial: nonCommercial === true,
                  })),
                }
              : null,
            subtitles_as_source: true,
          },
        };
      }),
    );
  });
}

/** The service's own memory, MB: resident, JavaScript heap, and buffers and WASM memory outside it. */
function memoryFigures(): { rss: number; heap: number; external: number; arrayBuffers: number } {
  const usage = process.memoryUsage();
  const mb = (bytes: number): number => Math.round(bytes / 1e6);
  return {
    rss: mb(usage.rss),
    heap: mb(usage.heapUsed),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
  };
}
