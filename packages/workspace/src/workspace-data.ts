import { join } from 'node:path';

const WORKSPACE_ID = /^[0-9a-f]{16}$/;

/**
 * The data folder of a workspace's glossaries, translation memory and saved voices:
 * `<data>/workspaces/<id>`. Without a workspace (a service run without keys) it is the data
 * folder itself, where they were kept before workspaces existed, so an installation that never
 * made a key keeps its data where it was.
 */
export function workspaceDataDir(dataDir: string, workspace: string | undefined): string {
  if (workspace === undefined) return dataDir;
  // Ids come from the key file; one that is not an id is never made into a path.
  if (!WORKSPACE_ID.test(workspace)) throw new Error(`Not a workspace id: ${workspace.slice(0, 40)}`);
  return join(dataDir, 'workspaces', workspace);
}

/** The folders of a workspace's library inside its data folder, as the disk stores name them. */
export const LIBRARY_FOLDER = { glossaries: 'glossaries', memory: 'memory', voices: 'voice-library' } as const;

/** Every library folder: what adopting an open installation's data moves. */
export const LIBRARY_FOLDERS = Object.values(LIBRARY_FOLDER);
