import type { FastifyInstance } from 'fastify';
import { Routes, TranslateForm } from '@voxlate/contract';
import { resultFields } from '../answers/dub-result.js';
import { abortOnDisconnect } from '../http/client-abort.js';
import { sendJsonWithMedia } from '../http/streamed-answer.js';
import { dubOwnerOf, uploadedDubJob } from '../requests/dub-job.js';
import type { RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';
import { runSpecJob } from './spec-job.js';

/**
 * POST /translate (audio mode): multipart file in, `{audio: base64 WAV, transcripts, ...}` out,
 * the WAV streamed into the answer as it is read. The dub runs as a stored job (its id in the
 * answer's `job_id`), so the studio can open it in the editor afterwards.
 */
export function registerTranslateRoute(app: FastifyInstance, context: RouteContext): void {
  const { config, dubber, folders } = context;
  serveRoute(
    app,
    Routes.translateAudio,
    async (request, reply) => {
      const abort = abortOnDisconnect(request, reply);
      const folder = await folders.create();
      try {
        const { job, requestId } = await uploadedDubJob(
          dubber,
          request,
          folder,
          {
            form: TranslateForm,
            maxBytes: config.maxUploadBytes,
            mode: 'audio',
            container: 'wav',
            owner: dubOwnerOf(request, context.libraries),
          },
          abort.signal,
        );
        const {
          job: done,
          current,
          provenance,
        } = await runSpecJob(context, job, abort.signal, requestId === undefined ? {} : { requestId });
        await sendJsonWithMedia(
          reply,
          { audio: done.result!.file },
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
    { config: { rateLimit: { max: config.rateLimits.translate, timeWindow: '1 minute' } } },
  );
}
