import type { FastifyInstance } from 'fastify';
import { AUDIO_URL_EXPECTED, AudioUrlBody, Routes } from '@voxlate/contract';
import { resultFields } from '../answers/dub-result.js';
import { abortOnDisconnect } from '../http/client-abort.js';
import { HttpError } from '../http/http-error.js';
import { sendJsonWithMedia } from '../http/streamed-answer.js';
import { admitAsked, dubOwnerOf, nameOfLink, newDubJob } from '../requests/dub-job.js';
import { readJsonBody } from '../requests/request-fields.js';
import { importUrl, parseLink } from '../url-import/url-importer.js';
import { urlImportOptionsOf } from '../url-import/linked-media-fetcher.js';
import type { RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';
import { runSpecJob } from './spec-job.js';

/**
 * POST /process-audio-url: fetches a direct link (guarded against reaching private networks),
 * dubs it like /translate and also returns the fetched audio as `source_audio` (base64 WAV).
 */
export function registerProcessAudioUrlRoute(app: FastifyInstance, context: RouteContext): void {
  const { config, dubber, jobs, folders } = context;
  serveRoute(
    app,
    Routes.processAudioUrl,
    async (request, reply) => {
      const asked = readJsonBody(AudioUrlBody, request.body);
      const link = parseLink(asked.url ?? '');
      // A pair nothing here can dub is refused before the link is fetched.
      await admitAsked(dubber, asked);
      const abort = abortOnDisconnect(request, reply);
      const folder = await folders.create();
      try {
        const fetched = folder.path('fetched');
        await importUrl(link.toString(), fetched, urlImportOptionsOf(config), abort.signal);
        const media = { path: fetched, filename: nameOfLink(link, 'audio') };
        const job = await newDubJob(
          dubber,
          asked,
          media,
          { mode: 'audio', container: 'wav', owner: dubOwnerOf(request, context.libraries) },
          abort.signal,
        );
        const {
          job: done,
          current,
          provenance,
        } = await runSpecJob(context, job, abort.signal, {
          ...(asked.requestId === undefined ? {} : { requestId: asked.requestId }),
        });
        // The fetched audio handed back as WAV, from the job's copy of it.
        const sourceWav = folder.path('source.wav');
        await dubber.audioToWav(jobs.inputOf(done), sourceWav, abort.signal);
        await sendJsonWithMedia(
          reply,
          { audio: done.result!.file, source_audio: sourceWav },
          {
            ...resultFields({ timeline: current.timeline, provenance, subtitles: done.request.choices.subtitles }),
            job_id: done.id,
          },
          config.writeTimeoutMs,
        );
      } finally {
        await folder.remove();
      }
    },
    {
      config: { rateLimit: { max: config.rateLimits.audioUrl, timeWindow: '1 minute' } },
      // A body that is not JSON (Fastify reads text/plain too) is refused for what it is, before
      // the schema would call it a JSON body of the wrong shape.
      preValidation: (request, _reply, done) => {
        const json = request.headers['content-type']?.toLowerCase().startsWith('application/json') === true;
        done(json ? undefined : new HttpError(415, `The request body is not JSON. ${AUDIO_URL_EXPECTED}`));
      },
    },
  );
}
