import type { Stats } from 'node:fs';

/**
 * The last few probes' answers, by the file's identity (device, inode, size, modification time),
 * not its path: the service probes an upload before queueing it and the pipeline probes it again
 * once its job has moved it into the job folder (a rename keeps all four). Each ffprobe start costs
 * some 0.13 s of a core here, which a warm 5 s clip cannot afford twice. A file written again has
 * a new modification time (nanoseconds on ext4 and tmpfs), so it is probed again.
 */
export class ProbeMemo<T> {
  private readonly answers = new Map<string, T>();

  constructor(private readonly capacity = 32) {}

  get(file: Stats): T | undefined {
    const key = identityOf(file);
    const answer = this.answers.get(key);
    if (answer === undefined) return undefined;
    // Most recently used last: the first key is the one to drop when full.
    this.answers.delete(key);
    this.answers.set(key, answer);
    return answer;
  }

  set(file: Stats, answer: T): void {
    const key = identityOf(file);
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value!);
  }
}

function identityOf(file: Stats): string {
  return `${file.dev}:${file.ino}:${file.size}:${file.mtimeMs}`;
}
