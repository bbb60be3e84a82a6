import type { FastifyInstance } from 'fastify';
import { admitLanguages, BadInput, sourceCues } from '@voxlate/core';
import { abortOnDisconnect } from '../http/client-abort.js';
import { resultFields } from '../http/dub-result.js';
import { requireMediaKind } from '../http/media-kind.js';
import {
  backendFrom,
  engineChoiceFrom,
  requestIdFrom,
  sourceLanguageFrom,
  targetLanguageFrom,
  voiceOptionsFrom,
} from '../http/request-fields.js';
import { sendJsonWithMedia } from '../http/streamed-answer.js';
import { runSpecJob } from '../jobs/spec-job.js';
import { receiveUpload } from '../uploads/receive-upload.js';
import type { RouteContext } from './route-context.js';

/**
 * POST /translate (audio mode): multipart file in, `{audio: base64 WAV, transcripts, ...}` out,
 * the WAV streamed into the answer as it is read. The dub runs as a stored job (its id in the
 * answer's `job_id`), so the studio can open it in the editor afterwards.
 */
export function registerTranslateRoute(app: FastifyInstance, context: RouteContext): void {
  const { config, dubber, workspaces } = context;
  app.post(
    '/translate',
    { config: { rateLimit: { max: config.rateLimits.translate, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const abort = abortOnDisconnect(request, reply);
      const workspace = await workspaces.create();
      try {
        const upload = await receiveUpload(request, workspace, { mediaField: 'file', maxBytes: config.maxUploadBytes });
        if (!upload.media) throw new BadInput('Please upload a file');
        const targetLanguage = targetLanguageFrom(upload.fields['target_language']);
        backendFrom(upload.fields['backend']);
        const sourceLanguage = sourceLanguageFrom(upload.fields['source_language']);
        const requestId = requestIdFrom(upload.fields['request_id']);
        const voiceOptions = voiceOptionsFrom(upload.fields);
        const engines = engineChoiceFrom(upload.fields);
        await admitLanguages(
          { sourceLanguage, targetLanguage, transcript: upload.subtitles, engines },
          dubber.resolver,
        );
        const info = await requireMediaKind(dubber, upload.media.path, 'audio', abort.signal);
        // Subtitle limits are checked before the job is queued, not after minutes of work.
        if (upload.subtitles !== undefined) sourceCues(upload.subtitles, info.durationSeconds);
        const { job, current, provenance } = await runSpecJob(
          context,
          {
            upload: upload.media.path,
            request: {
              inputName: upload.media.filename,
              kind: 'audio',
              sourceLanguage,
              targetLanguage,
              outputContainer: 'wav',
              engines,
              ...(upload.subtitles === undefined ? {} : { transcript: upload.subtitles }),
              options: voiceOptions,
              client: request.ip,
            },
          },
          abort.signal,
          { requestId },
        );
        await sendJsonWithMedia(
          reply,
          { audio: job.result!.file },
          { ...resultFields({ timeline: current.timeline, provenance }), job_id: job.id },
          config.writeTimeoutMs,
        );
      } finally {
        await workspace.remove();
      }
    },
  );
}
