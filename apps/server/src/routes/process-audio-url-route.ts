import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { admitLanguages, BadInput, sourceCues } from '@voxlate/core';
import { HttpError } from '../http/http-error.js';
import { EXPECTED_REQUEST } from '../http/request-errors.js';
import { abortOnDisconnect } from '../http/client-abort.js';
import { resultFields } from '../http/dub-result.js';
import { requireMediaKind } from '../http/media-kind.js';
import { sendJsonWithMedia } from '../http/streamed-answer.js';
import {
  backendFrom,
  requestIdFrom,
  sourceLanguageFrom,
  subtitlesFrom,
  targetLanguageFrom,
} from '../http/request-fields.js';
import { runSpecJob } from '../jobs/spec-job.js';
import { MAX_SUBTITLE_BYTES } from '../uploads/receive-upload.js';
import { importUrl, parseLink } from '../url-import/url-importer.js';
import type { RouteContext } from './route-context.js';

interface UrlBody {
  url?: unknown;
  target_language?: unknown;
  backend?: unknown;
  source_language?: unknown;
  request_id?: unknown;
  subtitles?: unknown;
}

const EXPECTED_BODY = EXPECTED_REQUEST['/process-audio-url'];

/** The body as a JSON object; a text body, an array or a bare value is refused, saying what is expected. */
function jsonObject(body: unknown, contentType: string | undefined): UrlBody {
  if (!contentType?.toLowerCase().startsWith('application/json')) {
    throw new HttpError(415, `The request body is not JSON. ${EXPECTED_BODY}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadInput(`The request body is JSON but not an object. ${EXPECTED_BODY}`);
  }
  return body;
}

/**
 * POST /process-audio-url: fetches a direct link (guarded against reaching private networks),
 * dubs it like /translate and also returns the fetched audio as `source_audio` (base64 WAV).
 */
export function registerProcessAudioUrlRoute(app: FastifyInstance, context: RouteContext): void {
  const { config, dubber, board, workspaces } = context;
  app.post<{ Body: UrlBody }>(
    '/process-audio-url',
    {
      config: { rateLimit: { max: config.rateLimits.audioUrl, timeWindow: '1 minute' } },
      bodyLimit: MAX_SUBTITLE_BYTES + 64 * 1024,
    },
    async (request, reply) => {
      const body = jsonObject(request.body, request.headers['content-type']);
      const link = parseLink(typeof body.url === 'string' ? body.url.trim() : '');
      const targetLanguage = targetLanguageFrom(body.target_language);
      backendFrom(body.backend);
      const sourceLanguage = sourceLanguageFrom(body.source_language);
      const requestId = requestIdFrom(body.request_id);
      const transcript = subtitlesFrom(body.subtitles);
      // A pair nothing here can dub is refused before the link is fetched.
      await admitLanguages({ sourceLanguage, targetLanguage, transcript }, dubber.resolver);
      const abort = abortOnDisconnect(request, reply);
      const workspace = await workspaces.create();
      try {
        const fetched = workspace.path('fetched');
        await importUrl(
          link.toString(),
          fetched,
          { maxBytes: config.maxUploadBytes, allowPrivate: config.allowPrivateUrls, ...config.urlImport },
          abort.signal,
        );
        const info = await requireMediaKind(dubber, fetched, 'audio', abort.signal);
        if (transcript !== undefined) sourceCues(transcript, info.durationSeconds);
        const { job, current, provenance } = await runSpecJob(
          context,
          {
            upload: fetched,
            request: {
              inputName: fileNameOf(link),
              kind: 'audio',
              sourceLanguage,
              targetLanguage,
              outputContainer: 'wav',
              engines: {},
              ...(transcript === undefined ? {} : { transcript }),
              options: {},
              client: request.ip,
            },
          },
          abort.signal,
          { requestId },
        );
        // The fetched audio handed back as WAV, from the job's copy of it.
        const sourceWav = workspace.path('source.wav');
        await dubber.audioToWav(
          join(board.store.folder(job.id), 'input', job.request.inputFile),
          sourceWav,
          abort.signal,
        );
        await sendJsonWithMedia(
          reply,
          { audio: job.result!.file, source_audio: sourceWav },
          { ...resultFields({ timeline: current.timeline, provenance }), job_id: job.id },
          config.writeTimeoutMs,
        );
      } finally {
        await workspace.remove();
      }
    },
  );
}

/** The link's last path part (what the creator would call the file), or "audio". */
function fileNameOf(link: URL): string {
  const raw = link.pathname.split('/').pop() ?? '';
  let last = raw;
  try {
    last = decodeURIComponent(raw).trim();
  } catch {
    // A malformed escape: the name as it was written.
  }
  return last === '' ? 'audio' : last.slice(0, 200);
}
