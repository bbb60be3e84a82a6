import type { IncomingMessage } from 'node:http';

/** How long, and how much, of a refused request's body is read and thrown away before answering. */
export interface DrainLimits {
  ms: number;
  bytes: number;
}

export const DEFAULT_DRAIN_LIMITS: DrainLimits = { ms: 2000, bytes: 32 * 1024 * 1024 };

/**
 * Reads and throws away what is left of a refused request's body, within limits, before the
 * refusal is sent. Answering while the client is still sending and then closing makes the
 * kernel reset the connection (unread data on a closed socket), and a reset client loses the
 * answer it had already been sent: a 413 for a 2 MB body reached the client as no answer at
 * all. Servers call this a lingering close. A body larger than the limits (a 151 MB upload) is
 * not read to its end: its sender may still see a reset, as with any server.
 */
export function drainRefusedBody(raw: IncomingMessage, limits: DrainLimits = DEFAULT_DRAIN_LIMITS): Promise<void> {
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = (): void => {
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', done);
      raw.removeListener('close', done);
      raw.removeListener('error', done);
      resolve();
    };
    const onData = (chunk: Buffer): void => {
      read += chunk.length;
      if (read >= limits.bytes) done();
    };
    const timer = setTimeout(done, limits.ms);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}
