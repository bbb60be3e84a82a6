import type { Redis } from 'ioredis';

export type QueueLog = (level: 'warn' | 'info', message: string) => void;

/**
 * Whether the job queue's Redis can be reached, from its connections' own events: down from the
 * first connection that fails until every one is ready again. An outage is logged once when it
 * starts and once when it ends, not at every retry; the connections' errors are handled here,
 * so ioredis never prints "Unhandled error event". The service and the workers each keep one.
 */
export class QueueHealth {
  private readonly down = new Set<Redis>();
  private readonly backListeners: (() => void)[] = [];
  private lastError = '';
  private outage = false;

  /** `meanwhile`: what the outage means for this process, said when it starts. */
  constructor(
    private readonly log: QueueLog,
    private readonly where: string,
    private readonly meanwhile: string,
  ) {}

  watch(connection: Redis): void {
    if (connection.status !== 'ready') this.down.add(connection);
    connection.on('error', (error: Error) => {
      this.lastError = error.message;
      this.markDown(connection);
    });
    connection.on('close', () => this.markDown(connection));
    connection.on('ready', () => this.markUp(connection));
  }

  get up(): boolean {
    return this.down.size === 0;
  }

  /** Called each time the queue is reachable again after an outage. */
  onBack(listener: () => void): void {
    this.backListeners.push(listener);
  }

  private markDown(connection: Redis): void {
    this.down.add(connection);
    if (!this.outage) {
      this.outage = true;
      const reason = this.lastError ? ` (${this.lastError})` : '';
      this.log('warn', `The job queue (Redis at ${this.where}) cannot be reached${reason}: ${this.meanwhile}`);
    }
  }

  private markUp(connection: Redis): void {
    if (!this.down.delete(connection) || !this.up) return;
    this.lastError = '';
    if (this.outage) this.log('info', `The job queue (Redis at ${this.where}) is reachable again.`);
    this.outage = false;
    for (const listener of this.backListeners) listener();
  }
}
