import type { Dubber } from '@voxlate/runtime';
import type { ServerConfig } from '../config.js';
import type { JobBoard } from '../jobs/job-board.js';
import type { WorkSlots } from '../jobs/work-slots.js';
import type { Workspaces } from '../jobs/workspaces.js';
import type { LiveSessions } from '../live/live-sessions.js';

/** What every route needs: settings, the warm pipeline, the work slots, the stored jobs, request folders and live sessions. */
export interface RouteContext {
  config: ServerConfig;
  dubber: Dubber;
  slots: WorkSlots;
  board: JobBoard;
  workspaces: Workspaces;
  live: LiveSessions;
}
