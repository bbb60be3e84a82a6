import type { FastifyInstance } from 'fastify';
import { Routes, type PublishPackageBody } from '@voxlate/contract';
import { NotFound } from '@voxlate/core';
import { isJobId, type StoredJob } from '@voxlate/jobs';
import { workspaceOf } from '../access/caller.js';
import { abortOnDisconnect } from '../http/client-abort.js';
import { sendFile } from '../http/send-file.js';
import { writeJobsPackage } from '../publish/youtube-package.js';
import type { RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/** The YouTube-ready package of a group's languages, or of one job's. */
export function registerPublishRoutes(app: FastifyInstance, context: RouteContext): void {
  serveRoute(app, Routes.packageGroup, async (request, reply) => {
    const { id } = request.params;
    if (!isJobId(id)) throw new NotFound(`There is no group ${id.slice(0, 40)}.`);
    await sendPackage(context, await context.jobs.group(id, workspaceOf(request)), request.body, request, reply);
  });

  serveRoute(app, Routes.packageJob, async (request, reply) => {
    const { id } = request.params;
    if (!isJobId(id)) throw new NotFound(`There is no job ${id.slice(0, 40)}.`);
    await sendPackage(context, [await context.jobs.get(id, workspaceOf(request))], request.body, request, reply);
  });
}

/** Builds the package in a request folder, sends it, and removes the folder once sent (or refused). */
async function sendPackage(
  context: RouteContext,
  jobs: readonly StoredJob[],
  body: PublishPackageBody | undefined,
  request: Parameters<typeof sendFile>[0],
  reply: Parameters<typeof sendFile>[1],
): Promise<void> {
  const folder = await context.folders.create();
  try {
    const abort = abortOnDisconnect(request, reply);
    const built = await writeJobsPackage(context, jobs, body ?? {}, folder.dir, abort.signal);
    await sendFile(request, reply, built.path, built.name);
  } finally {
    await folder.remove();
  }
}
