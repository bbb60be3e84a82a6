import { whenAborted } from '@voxlate/core';

/**
 * Request ids a client chooses for a spec-endpoint request (`request_id`), tied to the stored job
 * that serves it, so the client can follow the job's stages while it waits for the spec's single
 * answer (/translate, /process-audio-url). Only the job's progress is reachable through an id.
 */
export class RequestIds {
  private readonly jobs = new Map<string, string>();
  private readonly waiting = new Map<string, Set<(jobId: string) => void>>();

  /**
   * A request id within its workspace: two workspaces may choose the same id, and neither ever
   * follows the other's request ('/' is not among the characters a client's id may have).
   */
  static inWorkspace(workspace: string | undefined, requestId: string): string {
    return `${workspace ?? 'open'}/${requestId}`;
  }

  /** Ids a client may choose: 8-64 letters, digits, '-' or '_' (a UUID fits). */
  static isValid(requestId: unknown): requestId is string {
    return typeof requestId === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(requestId);
  }

  bind(requestId: string, jobId: string): void {
    this.jobs.set(requestId, jobId);
    for (const resolve of this.waiting.get(requestId) ?? []) resolve(jobId);
    this.waiting.delete(requestId);
  }

  unbind(requestId: string, jobId: string): void {
    if (this.jobs.get(requestId) === jobId) this.jobs.delete(requestId);
  }

  /** The job serving a request, once it exists; rejects with the signal's reason when it aborts first. */
  jobOf(requestId: string, signal: AbortSignal): Promise<string> {
    const known = this.jobs.get(requestId);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(requestId) ?? new Set();
      this.waiting.set(requestId, waiters);
      const stopWaiting = (): void => {
        waiters.delete(settle);
        if (waiters.size === 0 && this.waiting.get(requestId) === waiters) this.waiting.delete(requestId);
      };
      let stopAbandoning = (): void => undefined;
      const settle = (jobId: string): void => {
        stopAbandoning();
        resolve(jobId);
      };
      const abandon = (): void => {
        stopWaiting();
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      waiters.add(settle);
      stopAbandoning = whenAborted(signal, abandon);
    });
  }
}
