import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createOwnedTempDir } from '@voxlate/process-lifetime';
import { HttpError } from '../http/http-error.js';
import { folderProblem, tempFolder } from './writable-folders.js';

/**
 * One folder per request, removed when the request ends, and all of them at shutdown; one left
 * by a service that was killed is removed by the next one at its start (owner in the name).
 */
export class RequestFolders {
  private readonly live = new Set<string>();

  constructor(private readonly root: string) {}

  async create(): Promise<RequestFolder> {
    const dir = await createOwnedTempDir(this.root, 'request').catch(async (error: unknown) => {
      // The temp folder itself is gone or read-only: every request would fail, so it is said as such.
      const problem = await folderProblem([tempFolder(this.root)]);
      throw problem === undefined
        ? error
        : new HttpError(503, `${problem} Whoever runs the service must make it writable.`);
    });
    this.live.add(dir);
    return {
      dir,
      path: (name: string) => join(dir, name),
      remove: async () => {
        this.live.delete(dir);
        await rm(dir, { recursive: true, force: true });
      },
    };
  }

  async removeAll(): Promise<void> {
    const dirs = [...this.live];
    this.live.clear();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

export interface RequestFolder {
  dir: string;
  path(name: string): string;
  remove(): Promise<void>;
}
