import type { FastifyRequest } from 'fastify';
import type { Jobs } from '@voxlate/jobs';
import type { ApiKeys, WorkspaceLibraries, WorkspaceLibrary } from '@voxlate/workspace';
import { workspaceOf } from '../access/caller.js';
import type { Dubber } from '@voxlate/dubber';
import type { ServerConfig } from '../config.js';
import type { RequestIds } from '../requests/request-ids.js';
import type { RequestFolders } from '../requests/request-folders.js';
import type { LiveSessions } from '../live/live-sessions.js';

/** What the routes work with: one service per concern, each made once for the process (app.ts). */
export interface RouteContext {
  config: ServerConfig;
  /** The warm pipeline. */
  dubber: Dubber;
  /** Every job's life: submitted, read, listed, edited, rendered, cancelled, removed, followed. */
  jobs: Jobs;
  /**
   * Each workspace's glossaries (a dub names one by id), translation memory (the lines its
   * creators corrected) and saved voices (a dub gives one to a speaker by name).
   */
  libraries: WorkspaceLibraries;
  /** Spec-endpoint requests' client-chosen ids, tied to their jobs while they run. */
  requests: RequestIds;
  /** Request folders. */
  folders: RequestFolders;
  live: LiveSessions;
  /** The installation's API keys (the live socket checks a key sent as its first message). */
  keys: ApiKeys;
}

/** The glossaries, memory and voices of the workspace a request's key opens (the open data without keys). */
export function libraryOf(context: Pick<RouteContext, 'libraries'>, request: FastifyRequest): WorkspaceLibrary {
  return context.libraries.of(workspaceOf(request));
}
