import type { FastifyInstance, FastifyReply } from 'fastify';
import { admitLanguages, BadInput, isVoxlateError, sourceCues } from '@voxlate/core';
import { abortOnDisconnect } from '../http/client-abort.js';
import { resultFields } from '../http/dub-result.js';
import { errorResponse } from '../http/error-response.js';
import { requireMediaKind } from '../http/media-kind.js';
import {
  backendFrom,
  engineChoiceFrom,
  flagFrom,
  sourceLanguageFrom,
  targetLanguageFrom,
  voiceOptionsFrom,
} from '../http/request-fields.js';
import { SseStream } from '../http/sse-stream.js';
import { runSpecJob } from '../jobs/spec-job.js';
import { receiveUpload, type ReceivedUpload } from '../uploads/receive-upload.js';
import type { RouteContext } from './route-context.js';

/**
 * POST /process-video (video and both modes). Bad input is answered with a status code before
 * anything streams; once the job is accepted, progress, the result and any failure arrive as
 * server-sent events. A client that disconnects aborts its job.
 */
export function registerProcessVideoRoute(app: FastifyInstance, context: RouteContext): void {
  const { config, workspaces } = context;
  app.post(
    '/process-video',
    { config: { rateLimit: { max: config.rateLimits.processVideo, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const abort = abortOnDisconnect(request, reply);
      const workspace = await workspaces.create();
      try {
        const upload = await receiveUpload(request, workspace, {
          mediaField: 'video',
          maxBytes: config.maxUploadBytes,
        });
        const job = { ...(await validateVideoJob(upload, context, abort.signal)), client: request.ip };
        // Refused with a status (429, 503) while one can still be sent, before the stream opens.
        context.runner.checkAdmission(job.client);
        await streamVideoJob(reply, job, context, abort.signal);
      } finally {
        await workspace.remove();
      }
    },
  );
}

interface VideoJob {
  input: string;
  inputName: string;
  targetLanguage: ReturnType<typeof targetLanguageFrom>;
  sourceLanguage: ReturnType<typeof sourceLanguageFrom>;
  transcript: string | undefined;
  engines: ReturnType<typeof engineChoiceFrom>;
  warnings: string[];
  voiceOptions: ReturnType<typeof voiceOptionsFrom> & { lipSync: boolean; burnSubtitles: boolean };
}

/** A validated job and the client (address) it counts against. */
type ClientJob = VideoJob & { client: string };

async function validateVideoJob(upload: ReceivedUpload, context: RouteContext, signal: AbortSignal): Promise<VideoJob> {
  if (!upload.media) throw new BadInput('Please upload a file');
  const targetLanguage = targetLanguageFrom(upload.fields['target_language']);
  backendFrom(upload.fields['backend']);
  const lipSync = flagFrom(upload.fields['apply_lip_sync'], 'apply_lip_sync');
  const burnSubtitles = flagFrom(upload.fields['burn_subtitles'], 'burn_subtitles');
  const sourceLanguage = sourceLanguageFrom(upload.fields['source_language']);
  const engines = engineChoiceFrom(upload.fields);
  await admitLanguages(
    { sourceLanguage, targetLanguage, transcript: upload.subtitles, engines },
    context.dubber.resolver,
  );
  const info = await requireMediaKind(context.dubber, upload.media.path, 'video', signal);
  // Subtitle limits are checked before the job is queued, not after minutes of work.
  if (upload.subtitles !== undefined) sourceCues(upload.subtitles, info.durationSeconds);
  return {
    input: upload.media.path,
    inputName: upload.media.filename,
    targetLanguage,
    sourceLanguage,
    transcript: upload.subtitles,
    engines,
    warnings: [],
    voiceOptions: { ...voiceOptionsFrom(upload.fields), lipSync, burnSubtitles },
  };
}

async function streamVideoJob(
  reply: FastifyReply,
  job: ClientJob,
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
    } = await runSpecJob(
      context,
      {
        upload: job.input,
        request: {
          inputName: job.inputName,
          kind: 'video',
          sourceLanguage: job.sourceLanguage,
          targetLanguage: job.targetLanguage,
          outputContainer: 'mp4',
          engines: job.engines,
          ...(job.transcript === undefined ? {} : { transcript: job.transcript }),
          options: job.voiceOptions,
          client: job.client,
        },
      },
      signal,
      {
        onUpdate: (update) => {
          if (update.type === 'progress' && update.phase !== 'Done') send(update);
        },
      },
    );
    await stream.sendWithMedia(
      { result: done.result!.file },
      {
        progress: 100,
        phase: 'Done',
        ...resultFields({ timeline: current.timeline, provenance }, job.warnings),
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
