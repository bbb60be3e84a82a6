/**
 * Calls `listener` once when `signal` aborts, or at once if it already has. An 'abort' listener
 * added to a signal that aborted earlier is never called, and whatever waited on it (a job for a
 * client that left, a read of a body that will never come) waits for ever: every place that
 * stops work on a signal goes through here. Returns what removes the listener (a no-op once it ran).
 */
export function whenAborted(signal: AbortSignal | undefined, listener: () => void): () => void {
  if (!signal) return () => undefined;
  if (signal.aborted) {
    listener();
    return () => undefined;
  }
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}
