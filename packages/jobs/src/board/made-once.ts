import { existsSync } from 'node:fs';

/**
 * Files made on their first request and kept (a job's stems): a second request while one is
 * being made waits for it instead of making it again; a file already there is served as it is.
 * The maker writes the file whole or not at all, so what exists is complete.
 */
export class MadeOnce {
  private readonly making = new Map<string, Promise<void>>();

  async made(path: string, make: () => Promise<void>): Promise<void> {
    if (existsSync(path)) return;
    const running = this.making.get(path);
    if (running) return running;
    const started = make().finally(() => this.making.delete(path));
    this.making.set(path, started);
    return started;
  }
}
