import type { FastifyRequest } from 'fastify';
import {
  type DiskJobStore,
  type JobRequest,
  type JobBoard,
  type JobEdits,
  type JobEventHub,
  type WorkSlots,
} from '@voxlate/jobs';
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
  /** This process's running places, shared by the spec's endpoints and the embedded queue. */
  slots: WorkSlots;
  /** The jobs' lifecycle: submit, cancel, wait for, remove. */
  board: JobBoard;
  /** The stored jobs: records and their folders' files. */
  store: DiskJobStore<JobRequest>;
  /** Jobs' updates as they happen, to follow and to catch up on. */
  hub: JobEventHub;
  /** Edits of finished jobs' lines and speakers, and renders of the edited lines. */
  edits: JobEdits;
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
