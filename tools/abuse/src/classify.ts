import type { RawResponse } from '../../../apps/server/src/test/raw-http.js';

/**
 * What an answer was:
 * - `done`: the work was done (200 with the media, or an SSE stream ending with its result);
 * - `refused`: a 4xx (or an SSE error event) with a clear message;
 * - `busy`: 503 with Retry-After, the designed answer to a full line (load shedding, not a fault);
 * - `server-error`: any other 5xx, or an SSE error the service calls Internal;
 * - `unclear`: an answer with no clear message (no JSON, no `error`, a generic text, a huge echo),
 *   or no answer at all.
 */
export type Verdict = 'done' | 'refused' | 'busy' | 'server-error' | 'unclear';

export interface Classified {
  verdict: Verdict;
  /** The HTTP status, or for SSE `sse:<details>` of the last event. */
  status: string;
  message?: string;
}

/** Texts that say nothing about what was wrong. */
const GENERIC = [
  /^bad request$/i,
  /^unsupported media type$/i,
  /^internal server error$/i,
  /^something went wrong/i,
  /^client error$/i,
  /^not acceptable$/i,
  /^request body is too large$/i,
];

/** The contents of /etc/passwd or of the project's files, which no answer may ever hold. */
const LOCAL_FILE = /root:[^:]*:0:0:|"name": "voxlate"/;

/** Internals that must never reach a user. */
const LEAKS = [/\bat \S+ \(/, /node:internal/, /\bffmpeg version\b/i, /\bstderr\b/i, /\bENOENT\b/, /Error: /];

export function isClearMessage(message: unknown): message is string {
  if (typeof message !== 'string') return false;
  const text = message.trim();
  return (
    text.length >= 12 &&
    text.length <= 400 &&
    !GENERIC.some((re) => re.test(text)) &&
    !LEAKS.some((re) => re.test(text))
  );
}

export function classify(response: RawResponse): Classified {
  if (response.noAnswer) return { verdict: 'unclear', status: 'no answer' };
  const status = String(response.status);
  if (response.headers['content-type']?.startsWith('text/event-stream')) return classifyStream(response.body);
  if (response.status === 503 && response.headers['retry-after']) {
    return { verdict: 'busy', status, message: errorOf(response.body) ?? '' };
  }
  if (response.status >= 500) return { verdict: 'server-error', status, message: errorOf(response.body) ?? '' };
  if (response.status === 200) {
    if (LOCAL_FILE.test(response.body))
      return { verdict: 'server-error', status, message: 'an answer holds a local file' };
    // A JSON answer, or a page of the studio (which every unknown GET path falls back to).
    const ok = response.body.startsWith('{') || response.headers['content-type']?.startsWith('text/html') === true;
    return { verdict: ok ? 'done' : 'unclear', status };
  }
  const message = errorOf(response.body);
  return isClearMessage(message)
    ? { verdict: 'refused', status, message }
    : { verdict: 'unclear', status, message: message ?? response.body.slice(0, 80) };
}

/** The last event of an SSE answer decides: the result, or an error with its details code. */
function classifyStream(body: string): Classified {
  const events = body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => {
      try {
        return JSON.parse(block.slice(6)) as { phase?: string; error?: string; details?: string };
      } catch {
        return { error: undefined, details: 'malformed event' };
      }
    });
  const last = events.at(-1);
  if (!last) return { verdict: 'unclear', status: 'sse:empty' };
  if (last.phase === 'Done' && last.error === undefined) return { verdict: 'done', status: 'sse:done' };
  const status = `sse:${last.details ?? 'no details'}`;
  if (last.details === 'Internal') return { verdict: 'server-error', status, message: last.error ?? '' };
  if (last.error === undefined) return { verdict: 'unclear', status: 'sse:cut off' };
  return isClearMessage(last.error)
    ? { verdict: 'refused', status, message: last.error }
    : { verdict: 'unclear', status, message: last.error };
}

function errorOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}
