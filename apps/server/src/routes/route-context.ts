import type { Dubber } from '@voxlate/runtime';
import type { ServerConfig } from '../config.js';
import type { JobBoard } from '../jobs/job-board.js';
import type { JobRunner } from '../jobs/job-runner.js';
import type { Workspaces } from '../jobs/workspaces.js';

/** What every route needs: settings, the warm pipeline, the job runner, the stored jobs and request folders. */
export interface RouteContext {
  config: ServerConfig;
  dubber: Dubber;
  runner: JobRunner;
  board: JobBoard;
  workspaces: Workspaces;
}
