import type { DiskGlossaries, DiskJobStore, DiskVoiceLibrary, DiskTranslationMemory, JobRequest } from '@voxlate/jobs';
import type { Dubber } from '@voxlate/dubber';
import type { ServerConfig } from '../config.js';
import type { JobBoard } from '../jobs/job-board.js';
import type { JobEdits } from '../jobs/job-edits.js';
import type { JobEventHub } from '../jobs/job-event-hub.js';
import type { RequestIds } from '../jobs/request-ids.js';
import type { WorkSlots } from '../jobs/work-slots.js';
import type { Workspaces } from '../jobs/workspaces.js';
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
  /** The translations creators corrected, kept for every later dub. */
  memory: DiskTranslationMemory;
  /** The creators' glossaries: a dub names one by id. */
  glossaries: DiskGlossaries;
  /** The creators' saved voices: a dub gives one to a speaker by name. */
  voices: DiskVoiceLibrary;
  /** Spec-endpoint requests' client-chosen ids, tied to their jobs while they run. */
  requests: RequestIds;
  /** Request folders. */
  workspaces: Workspaces;
  live: LiveSessions;
}
