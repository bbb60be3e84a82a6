import type { RawRequest } from '../../../apps/server/src/test/raw-http.js';

/**
 * Which service a case is sent to: the normal one, one that may fetch loopback links, or one that
 * asks for keys, behind one trusted proxy (the access sweep).
 */
export type Target = 'service' | 'links' | 'keyed';

/** One generated malformed (or hostile) request. */
export interface AbuseCase {
  /** Stable and unique, for example `media/mp3/truncated-50%`. */
  id: string;
  /** The family it belongs to, for the report and for picking the quick subset. */
  category: string;
  target: Target;
  /** Built when it is sent, so that hundreds of cases never sit in memory at once. */
  request: () => RawRequest;
  /** Statuses the case must get, when the answer is known; otherwise any clear answer will do. */
  expect?: readonly number[];
  /** Longest wait for the answer (default 60 s). */
  timeoutMs?: number;
  /**
   * What this case once broke, when it found a bug: such a case is in the quick subset of every
   * run (`make test`), whatever the even spread over its family would have picked.
   */
  regression?: string;
}
