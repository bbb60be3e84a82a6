import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CreateJobForm, Routes, type LineEditBody } from '@voxlate/contract';
import { BadInput, Conflict, downloadName, NotFound, quoteInput, stemsOffered } from '@voxlate/core';
import {
  awaitsItsLink,
  isJobId,
  REPORT_FILE,
  subtitleFile,
  type LineEdit,
  type StoredJob,
  MadeOnce,
} from '@voxlate/jobs';
import { groupStateOf } from '../answers/group-state.js';
import { jobFields } from '../answers/job-fields.js';
import { abortOnDisconnect } from '../http/client-abort.js';
import { sendFile } from '../http/send-file.js';
import { admitAsked, dubOwnerOf, linkedDubJob, nameOfLink, newDubJobs, type DubMedia } from '../requests/dub-job.js';
import { callerOf, workspaceOf } from '../access/caller.js';
import { receiveUpload } from '../requests/receive-upload.js';
import { readUploadForm } from '../requests/request-fields.js';
import { admitLink, importUrl, parseLink } from '../url-import/url-importer.js';
import { urlImportOptionsOf } from '../url-import/linked-media-fetcher.js';
import { relayJobEvents } from './job-event-relay.js';
import type { RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/**
 * The jobs API (see /api/openapi.json): projects that last. A job is created from an upload or a
 * link and answered 202 at once; it is followed by polling or by its event stream, its files are
 * streamed with Range support, and its lines can be edited and rendered again on their own.
 */
export function registerJobsRoutes(app: FastifyInstance, context: RouteContext): void {
  // Stems are made on their first download and kept with the render they belong to.
  const stems = new MadeOnce();
  const { config, jobs } = context;
  const apiAdmission = { maxWaiting: config.maxQueuedJobs, maxPerClient: config.maxQueuedJobsPerClient };

  serveRoute(
    app,
    Routes.createJob,
    async (request, reply) => {
      const job = await createJob(request, reply, context, apiAdmission);
      return reply.code(202).send(jobFields(job, undefined));
    },
    { config: { rateLimit: { max: config.rateLimits.jobs, timeWindow: '1 minute' } } },
  );

  serveRoute(app, Routes.listJobs, async (request) => {
    const page = Number(request.query.page ?? 0);
    const size = Number(request.query.size ?? 20);
    const listed = await jobs.list(page, size, workspaceOf(request));
    return {
      jobs: listed.jobs.map((job) => jobFields(job, jobs.progressOf(job.id))),
      page,
      size,
      total: listed.total,
    };
  });

  serveRoute(app, Routes.getJob, async (request) => {
    const job = await jobOf(context, request);
    return jobFields(job, jobs.progressOf(job.id), await jobs.runsOf(job));
  });

  serveRoute(app, Routes.getGroup, async (request) => {
    const { id } = request.params;
    if (!isJobId(id)) throw new NotFound(`There is no group ${quoteInput(id)}.`);
    const members = (await jobs.group(id, workspaceOf(request))).map((job) => jobFields(job, jobs.progressOf(job.id)));
    return { id, ...groupStateOf(members), jobs: members };
  });

  serveRoute(app, Routes.followJob, async (request, reply) => {
    const job = await jobOf(context, request);
    await relayJobEvents(request, reply, context, job.id, job.request.workspace);
  });

  serveRoute(app, Routes.getJobResult, async (request, reply) => {
    const job = await jobOf(context, request);
    if (!job.result) throw new NotFound('The job has no result yet.');
    requireRevision(job.result.revision, request.query.revision);
    const name = downloadName(job.request.inputName, job.request.targetLanguage, job.result.container);
    await sendFile(request, reply, job.result.file, name);
  });

  serveRoute(app, Routes.getJobSource, async (request, reply) => {
    const job = await jobOf(context, request);
    if (awaitsItsLink(job.request)) throw new NotFound('The job has not fetched its link yet.');
    await sendFile(request, reply, jobs.inputOf(job), job.request.inputName);
  });

  serveRoute(app, Routes.getJobSubtitles, async (request, reply) => {
    const job = await jobOf(context, request);
    const match = /^([a-z]{3}(?:-[a-z]{3})?)\.(srt|vtt)$/.exec(request.params.file);
    if (!match) {
      throw new NotFound(
        'Subtitles are named <language>.srt or <language>.vtt (spa.vtt), or <target>-<source> for both languages (spa-eng.vtt).',
      );
    }
    if (!job.result) throw new NotFound('The job has no result yet.');
    requireRevision(job.result.revision, request.query.revision);
    const [, language, format] = match as unknown as [string, string, 'srt' | 'vtt'];
    const path = jobs.resultFile(job.id, subtitleFile(language, format));
    await sendFile(request, reply, path, downloadName(job.request.inputName, language, format));
  });

  serveRoute(app, Routes.getJobStem, async (request, reply) => {
    const job = await jobOf(context, request);
    if (!job.result) throw new NotFound('The job has no result yet.');
    // Made from the run the result was rendered from: a line moved since is on its new speaker's
    // track once the render has spoken it there, not before.
    const { rendered } = await jobs.runsOf(job);
    if (!rendered) throw new NotFound('The stems of this job wait for its edits to be rendered.');
    const offered = stemsOffered(rendered).find((stem) => `${stem.name}.${stem.extension}` === request.params.file);
    if (!offered) {
      const files = stemsOffered(rendered).map((stem) => `${stem.name}.${stem.extension}`);
      throw new NotFound(`This job has no stem ${quoteInput(request.params.file)}: it has ${files.join(', ')}.`);
    }
    const folder = jobs.folderOf(job.id);
    const path = jobs.resultFile(job.id, join('stems', `r${job.result.revision}-${request.params.file}`));
    await stems.made(path, () =>
      context.dubber.renderStem(
        join(folder, 'work'),
        { saved: rendered, input: jobs.inputOf(job) },
        offered.name,
        path,
      ),
    );
    const name = downloadName(
      job.request.inputName,
      `${job.request.targetLanguage}.${offered.name}`,
      offered.extension,
    );
    await sendFile(request, reply, path, name);
  });

  serveRoute(app, Routes.getJobReport, async (request, reply) => {
    const job = await jobOf(context, request);
    if (!job.result) throw new NotFound('The job has no result yet.');
    const path = jobs.resultFile(job.id, REPORT_FILE);
    const name = downloadName(job.request.inputName, job.request.targetLanguage, 'report.json');
    await sendFile(request, reply, path, name);
  });

  serveRoute(app, Routes.editLine, async (request) => {
    const job = await jobOf(context, request);
    const { body } = request;
    const line = Number(request.params.segmentId);
    let edited = job;
    if (body.checked !== undefined) edited = await jobs.markChecked(job.id, line, body.checked);
    if (changesLine(body)) edited = await jobs.editLine(job.id, line, lineEditOf(body), body.revision);
    return jobFields(edited, undefined, await jobs.runsOf(edited));
  });

  serveRoute(app, Routes.renameSpeaker, async (request) => {
    const job = await jobOf(context, request);
    const { speaker } = request.params;
    const { name, voice, saved_voice: savedVoice } = request.body;
    if (voice !== undefined && savedVoice !== undefined) {
      throw new BadInput('Send "voice" or "saved_voice", not both: a saved voice brings its own base voice.');
    }
    let changed = job;
    if (savedVoice !== undefined) changed = await giveSavedVoice(context, job, speaker, savedVoice);
    if (voice !== undefined) {
      const voices = await voicesFor(context, job.request.targetLanguage, job.request.engines.tts);
      changed = await jobs.changeSpeakerVoice(job.id, speaker, voice, voices);
    }
    if (name !== undefined) changed = await jobs.renameSpeaker(job.id, speaker, name);
    return jobFields(changed, undefined, await jobs.runsOf(changed));
  });

  serveRoute(app, Routes.renderJob, async (request, reply) => {
    const job = await jobOf(context, request);
    const queued = await jobs.render(job.id, callerOf(request).client, apiAdmission);
    return reply.code(202).send(jobFields(queued, undefined));
  });

  serveRoute(app, Routes.cancelJob, async (request) => {
    const job = await jobOf(context, request);
    return jobFields(await jobs.cancel(job.id), undefined);
  });

  serveRoute(app, Routes.deleteJob, async (request, reply) => {
    const job = await jobOf(context, request);
    await jobs.remove(job.id);
    return reply.code(204).send();
  });
}

/** The job the route's `id` names, if it is the caller's workspace's (else not found, as if it did not exist). */
async function jobOf(context: RouteContext, request: FastifyRequest<{ Params: { id: string } }>): Promise<StoredJob> {
  const { id } = request.params;
  if (!isJobId(id)) throw new NotFound(`There is no job ${quoteInput(id)}.`);
  return context.jobs.get(id, workspaceOf(request));
}

/** Reads the form (a file or a link), checks every field, then stores and queues the job. */
async function createJob(
  request: FastifyRequest,
  reply: FastifyReply,
  context: RouteContext,
  admission: { maxWaiting: number; maxPerClient: number },
): Promise<StoredJob> {
  const { config, dubber, folders, jobs } = context;
  const abort = abortOnDisconnect(request, reply);
  const folder = await folders.create();
  try {
    const upload = await receiveUpload(request, folder, {
      form: CreateJobForm,
      maxBytes: config.maxUploadBytes,
    });
    const asked = readUploadForm(CreateJobForm, upload);
    // Refused at submission (400), never half-way through the job.
    await admitAsked(dubber, asked);
    const owner = dubOwnerOf(request, context.libraries);
    // The form's rule (checked as it was read): a file, or else a link. A link for one language
    // is fetched by its job, so the import outlives the request; a group's is fetched now, once.
    if (!upload.media && (asked.targetLanguages ?? []).length <= 1) {
      const link = await admitLink(asked.url!, urlImportOptionsOf(config));
      return jobs.submit(await linkedDubJob(asked, link, owner), admission);
    }
    const media = upload.media ?? (await fetchLink(asked.url!, folder.path('fetched'), context, abort.signal));
    const newJobs = await newDubJobs(dubber, asked, media, { mode: 'audio', owner }, abort.signal);
    // Several languages are one group: the answer is its first job, which names the others.
    const [first] = await jobs.submitGroup(newJobs, admission);
    return first!;
  } finally {
    await folder.remove();
  }
}

async function fetchLink(value: string, path: string, context: RouteContext, signal: AbortSignal): Promise<DubMedia> {
  const link = parseLink(value);
  const { config } = context;
  await importUrl(link.toString(), path, urlImportOptionsOf(config), signal);
  return { path, filename: nameOfLink(link) };
}

/** The edit as the job board takes it (the contract has checked the body). */
function changesLine(body: LineEditBody): boolean {
  return body.source_text !== undefined || body.target_text !== undefined || body.speaker !== undefined;
}

function lineEditOf(body: LineEditBody): LineEdit {
  if (!changesLine(body)) {
    throw new BadInput('Send "source_text", "target_text", "speaker" and/or "checked" to change the line.');
  }
  return {
    ...(body.source_text === undefined ? {} : { sourceText: body.source_text }),
    ...(body.target_text === undefined ? {} : { targetText: body.target_text }),
    ...(body.speaker === undefined ? {} : { speaker: body.speaker }),
  };
}

/** A voice from the library for a speaker of the job, by name or id, measured against the job's synthesiser. */
async function giveSavedVoice(context: RouteContext, job: StoredJob, speaker: string, idOrName: string) {
  const saved = await context.libraries
    .of(job.request.workspace)
    .voices.forDub(idOrName)
    .catch((error: unknown) => {
      throw error instanceof NotFound ? new BadInput(`"saved_voice": ${error.message}`) : error;
    });
  const { targetLanguage, engines } = job.request;
  const synthesiser = await context.dubber.resolver.synthesiser(targetLanguage, engines.tts);
  const voices = (await synthesiser.baseVoices?.(targetLanguage)) ?? [];
  return context.jobs.giveSavedVoice(job.id, speaker, saved.voice, saved.speech, { engine: synthesiser.id, voices });
}

/** The voice ids a speaker of a job into `language` can be given: the job's synthesiser's (named, or the best). */
async function voicesFor(
  context: RouteContext,
  language: StoredJob['request']['targetLanguage'],
  engine?: string,
): Promise<string[]> {
  const synthesiser = await context.dubber.resolver.synthesiser(language, engine);
  return (synthesiser.listVoices?.(language) ?? []).map((voice) => voice.id);
}

/** A result asked for by revision is that revision's, or refused with the current one (409). */
function requireRevision(current: number, asked: string | undefined): void {
  if (asked === undefined || Number(asked) === current) return;
  throw new Conflict(`The job's result is revision ${current} now, not ${asked}: fetch the job again.`, current);
}
