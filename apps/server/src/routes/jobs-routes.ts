import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { admitLanguages, BadInput, downloadName, NotFound, quoteInput, sourceCues } from '@voxlate/core';
import { isJobId, REPORT_FILE, subtitleFile, type LineEdit } from '@voxlate/jobs';
import { abortOnDisconnect } from '../http/client-abort.js';
import { relayJobEvents } from '../http/job-event-relay.js';
import { jobFields } from '../http/job-fields.js';
import { requireMediaKind } from '../http/media-kind.js';
import {
  backendFrom,
  engineChoiceFrom,
  flagFrom,
  sourceLanguageFrom,
  targetLanguageFrom,
  voiceOptionsFrom,
} from '../http/request-fields.js';
import { sendFile } from '../http/send-file.js';
import type { Job } from '../jobs/job-board.js';
import { receiveUpload } from '../uploads/receive-upload.js';
import { importUrl, parseLink } from '../url-import/url-importer.js';
import { OPENAPI_DOCUMENT } from './openapi-document.js';
import type { RouteContext } from './route-context.js';

interface JobParams {
  id: string;
}

/** Jobs a page of the list holds at most. */
const MAX_PAGE_SIZE = 100;

/**
 * The jobs API (see /api/openapi.json): projects that last. A job is created from an upload or a
 * link and answered 202 at once; it is followed by polling or by its event stream, its files are
 * streamed with Range support, and its lines can be edited and rendered again on their own.
 */
export function registerJobsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { config, board } = context;
  const apiAdmission = { maxWaiting: config.maxQueuedJobs, maxPerClient: config.maxQueuedJobsPerClient };

  app.post(
    '/api/jobs',
    { config: { rateLimit: { max: config.rateLimits.jobs, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const job = await createJob(request, reply, context, apiAdmission);
      return reply.code(202).send(jobFields(job, undefined));
    },
  );

  app.get('/api/openapi.json', () => OPENAPI_DOCUMENT);

  app.get<{ Querystring: { page?: string; size?: string } }>('/api/jobs', async (request) => {
    const page = whole(request.query.page, 'page', 0, Number.MAX_SAFE_INTEGER) ?? 0;
    const size = whole(request.query.size, 'size', 1, MAX_PAGE_SIZE) ?? 20;
    const { jobs, total } = await board.list(page, size);
    return { jobs: jobs.map((job) => jobFields(job, board.hub.progressOf(job.id))), page, size, total };
  });

  app.get<{ Params: JobParams }>('/api/jobs/:id', async (request) => {
    const job = await jobOf(context, request.params.id);
    return jobFields(job, board.hub.progressOf(job.id), await board.current(job.id));
  });

  app.get<{ Params: JobParams }>('/api/jobs/:id/events', async (request, reply) => {
    const job = await jobOf(context, request.params.id);
    await relayJobEvents(request, reply, context, job.id);
  });

  app.get<{ Params: JobParams }>('/api/jobs/:id/result', async (request, reply) => {
    const job = await jobOf(context, request.params.id);
    if (!job.result) throw new NotFound('The job has no result yet.');
    const name = downloadName(job.request.inputName, job.request.targetLanguage, job.result.container);
    await sendFile(request, reply, job.result.file, name);
  });

  app.get<{ Params: JobParams }>('/api/jobs/:id/source', async (request, reply) => {
    const job = await jobOf(context, request.params.id);
    const path = join(board.store.folder(job.id), 'input', job.request.inputFile);
    await sendFile(request, reply, path, job.request.inputName);
  });

  app.get<{ Params: JobParams & { file: string } }>('/api/jobs/:id/subtitles/:file', async (request, reply) => {
    const job = await jobOf(context, request.params.id);
    const match = /^([a-z]{3})\.(srt|vtt)$/.exec(request.params.file);
    if (!match) throw new NotFound('Subtitles are named <language>.srt or <language>.vtt, for example spa.vtt.');
    if (!job.result) throw new NotFound('The job has no result yet.');
    const [, language, format] = match as unknown as [string, string, 'srt' | 'vtt'];
    const path = join(board.store.folder(job.id), 'result', subtitleFile(language, format));
    await sendFile(request, reply, path, downloadName(job.request.inputName, language, format));
  });

  app.get<{ Params: JobParams }>('/api/jobs/:id/report', async (request, reply) => {
    const job = await jobOf(context, request.params.id);
    if (!job.result) throw new NotFound('The job has no result yet.');
    const path = join(board.store.folder(job.id), 'result', REPORT_FILE);
    await sendFile(
      request,
      reply,
      path,
      downloadName(job.request.inputName, job.request.targetLanguage, 'report.json'),
    );
  });

  app.patch<{ Params: JobParams & { segmentId: string } }>(
    '/api/jobs/:id/segments/:segmentId',
    { bodyLimit: 64 * 1024 },
    async (request) => {
      const job = await jobOf(context, request.params.id);
      const segmentId = whole(request.params.segmentId, 'segment id', 0, Number.MAX_SAFE_INTEGER);
      if (segmentId === undefined) throw new NotFound('Name a line by its id.');
      const edited = await board.edit(job.id, segmentId, lineEditFrom(request.body));
      return jobFields(edited, undefined, await board.current(job.id));
    },
  );

  app.post<{ Params: JobParams }>('/api/jobs/:id/render', async (request, reply) => {
    const job = await jobOf(context, request.params.id);
    const queued = await board.render(job.id, request.ip, apiAdmission);
    return reply.code(202).send(jobFields(queued, undefined));
  });

  app.post<{ Params: JobParams }>('/api/jobs/:id/cancel', async (request) => {
    const job = await jobOf(context, request.params.id);
    return jobFields(await board.cancel(job.id), undefined);
  });

  app.delete<{ Params: JobParams }>('/api/jobs/:id', async (request, reply) => {
    const job = await jobOf(context, request.params.id);
    await board.remove(job.id);
    return reply.code(204).send();
  });
}

async function jobOf(context: RouteContext, id: string): Promise<Job> {
  if (!isJobId(id)) throw new NotFound(`There is no job ${quoteInput(id)}.`);
  return context.board.get(id);
}

/** Reads the form (a file or a link), checks every field, then stores and queues the job. */
async function createJob(
  request: FastifyRequest,
  reply: FastifyReply,
  context: RouteContext,
  admission: { maxWaiting: number; maxPerClient: number },
): Promise<Job> {
  const { config, dubber, workspaces, board } = context;
  const abort = abortOnDisconnect(request, reply);
  const workspace = await workspaces.create();
  try {
    const upload = await receiveUpload(request, workspace, { mediaField: 'file', maxBytes: config.maxUploadBytes });
    const targetLanguage = targetLanguageFrom(upload.fields['target_language']);
    backendFrom(upload.fields['backend']);
    const sourceLanguage = sourceLanguageFrom(upload.fields['source_language']);
    const lipSync = flagFrom(upload.fields['apply_lip_sync'], 'apply_lip_sync');
    const burnSubtitles = flagFrom(upload.fields['burn_subtitles'], 'burn_subtitles');
    const voiceOptions = voiceOptionsFrom(upload.fields);
    const engines = engineChoiceFrom(upload.fields);
    // Refused at submission (400), never half-way through the job.
    await admitLanguages({ sourceLanguage, targetLanguage, transcript: upload.subtitles, engines }, dubber.resolver);
    const media =
      upload.media ?? (await fetchLink(upload.fields['url'], workspace.path('fetched'), context, abort.signal));
    const info = await requireMediaKind(dubber, media.path, 'audio', abort.signal);
    if (upload.subtitles !== undefined) sourceCues(upload.subtitles, info.durationSeconds);
    const kind = info.video ? 'video' : 'audio';
    return await board.submit(
      {
        upload: media.path,
        request: {
          inputName: media.filename,
          kind,
          sourceLanguage,
          targetLanguage,
          outputContainer: kind === 'video' ? 'mp4' : 'wav',
          engines,
          ...(upload.subtitles === undefined ? {} : { transcript: upload.subtitles }),
          options: {
            ...voiceOptions,
            lipSync: lipSync && kind === 'video',
            burnSubtitles: burnSubtitles && kind === 'video',
          },
          client: request.ip,
        },
      },
      admission,
    );
  } finally {
    await workspace.remove();
  }
}

async function fetchLink(
  value: string | undefined,
  path: string,
  context: RouteContext,
  signal: AbortSignal,
): Promise<{ path: string; filename: string }> {
  if (value === undefined || value.trim() === '') throw new BadInput('Send a "file" or a "url" to dub.');
  const link = parseLink(value.trim());
  const { config } = context;
  await importUrl(
    link.toString(),
    path,
    { maxBytes: config.maxUploadBytes, allowPrivate: config.allowPrivateUrls, ...config.urlImport },
    signal,
  );
  return { path, filename: link.pathname.split('/').pop() || 'media' };
}

/** `source_text` and/or `target_text`, strings; anything else is refused, naming the field. */
function lineEditFrom(body: unknown): LineEdit {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadInput('Send a JSON object with "source_text" and/or "target_text".');
  }
  const edit: LineEdit = {};
  for (const [field, value] of Object.entries(body)) {
    if (field !== 'source_text' && field !== 'target_text') {
      throw new BadInput(`Unknown field ${quoteInput(field)}: a line takes "source_text" and "target_text".`);
    }
    if (typeof value !== 'string') throw new BadInput(`"${field}" must be a string.`);
    if (field === 'source_text') edit.sourceText = value;
    else edit.targetText = value;
  }
  if (edit.sourceText === undefined && edit.targetText === undefined) {
    throw new BadInput('Send "source_text" and/or "target_text" to change the line.');
  }
  return edit;
}

/** A whole number query or path value within bounds, or undefined when absent; refused naming the field. */
function whole(value: string | undefined, field: string, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new BadInput(`"${field}" must be a whole number from ${min} to ${max}, got ${quoteInput(value)}.`);
  }
  return number;
}
