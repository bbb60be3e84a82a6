import type { FastifyInstance, FastifyReply } from 'fastify';
import { ProcessVideoForm, Routes } from '@voxlate/contract';
import { isVoxlateError } from '@voxlate/core';
import { resultFields } from '../answers/dub-result.js';
import { abortOnDisconnect } from '../http/client-abort.js';
import { errorResponse } from '../http/error-response.js';
import { SseStream } from '../http/sse-stream.js';
import { dubOwnerOf, uploadedDubJob } from '../requests/dub-job.js';
import type { RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';
import { runSpecJob } from './spec-job.js';
import { type NewJob } from '@voxlate/jobs';

/**
 * POST /process-video (video and both modes). Bad input is answered with a status code before
 * anything streams; once the job is accepted, progress, the result and any failure arrive as
 * server-sent events. A client that disconnects aborts its job.
 */
export function registerProcessVideoRoute(app: FastifyInstance, context: RouteContext): void {
  const { config, dubber, folders } = context;
  serveRoute(
    app,
    Routes.processVideo,
    async (request, reply) => {
      const abort = abortOnDisconnect(request, reply);
      const folder = await folders.create();
      try {
        const { job } = await uploadedDubJob(
          dubber,
          request,
          folder,
          {
            form: ProcessVideoForm,
            owner: dubOwnerOf(request, context.libraries),
            maxBytes: config.maxUploadBytes,
            mode: 'video',
            container: 'mp4',
          },
          abort.signal,
        );
        // Refused with a status (429, 503) while one can still be sent, before the stream opens.
        context.jobs.checkAdmission(job.request.client);
        await streamVideoJob(reply, job, context, abort.signal);
      } finally {
        await folder.remove();
      }
    },
    { config: { rateLimit: { max: config.rateLimits.processVideo, timeWindow: '1 minute' } } },
  );
}

async function streamVideoJob(
  reply: FastifyReply,
  job: NewJob,
  context: RouteContext,
  signal: AbortSignal,
): Promise<void> {
  const stream = new SseStream(reply, context.config);
  let phase = 'Queued';
  const send = (update: { progress: number; phase: string }): void => {
    phase = update.phase;
    stream.send(update);
  };
  send({ progress: 0, phase: 'Queued' });
  try {
    const {
      job: done,
      current,
      provenance,
    } = await runSpecJob(context, job, signal, {
      onUpdate: (update) => {
        if (update.type === 'progress' && update.phase !== 'Done') {
          send({ progress: update.progress, phase: update.phase });
        }
      },
    });
    await stream.sendWithMedia(
      { result: done.result!.file },
      {
        progress: 100,
        phase: 'Done',
        ...resultFields({ timeline: current.timeline, provenance, subtitles: done.request.choices.subtitles }),
        job_id: done.id,
      },
    );
  } catch (error) {
    if (!signal.aborted) {
      const { body } = errorResponse(error);
      stream.send({ error: body.error, details: isVoxlateError(error) ? error.code : 'Internal', phase });
    }
  } finally {
    stream.end();
  }
}
