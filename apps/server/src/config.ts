import { availableParallelism, tmpdir } from 'node:os';
import { languagesAtOnceFor } from '@voxlate/jobs';
import { sessionLifetimeFromEnv, type SessionLifetime } from '@voxlate/workspace';
import { trustProxyOf, type TrustProxy } from './access/trust-proxy.js';
import { LIVE_LIMITS, type LiveLimits } from './live/live-connection.js';

export interface ServerConfig {
  port: number;
  host: string;
  /**
   * Runs without API keys beyond loopback (VOXLATE_OPEN=1): for a network that guards the service
   * itself. Without it, a service listening beyond loopback needs a key to start.
   */
  open: boolean;
  /**
   * Behind a reverse proxy (VOXLATE_TRUST_PROXY): the client's address and protocol are read from
   * X-Forwarded-For and X-Forwarded-Proto (limits count the real client; the sign-in cookie is
   * Secure), trusting only as many hops as there are proxies (`1`: the proxy in front), or only
   * the proxies' addresses (`10.0.0.5,10.0.1.0/24`). False: no proxy.
   */
  trustProxy: TrustProxy;
  /** Where creators reach the service (VOXLATE_PUBLIC_ORIGIN, e.g. https://dub.example.com): its host is answered. */
  publicOrigin: string | undefined;
  /** More names the service answers to (VOXLATE_ALLOWED_HOSTS; `.example.com` allows every name under it). */
  allowedHosts: string[];
  /** Largest upload accepted, bytes (spec: 150 MB). */
  maxUploadBytes: number;
  /** Requests per client per minute. */
  rateLimits: { translate: number; processVideo: number; audioUrl: number; jobs: number; signIn: number };
  /** How long a studio sign-in lasts unused, and at most (VOXLATE_SESSION_IDLE_HOURS 12, VOXLATE_SESSION_MAX_DAYS 30). */
  sessions: SessionLifetime;
  /** Dubs past a workspace's plan are taken and counted rather than refused with 402 (VOXLATE_ALLOW_OVERAGE=1). */
  allowOverage: boolean;
  /** Origins allowed by CORS besides the service's own (none by default). */
  corsOrigins: string[];
  /** Lets URL import reach private and loopback addresses (local use and tests only). */
  allowPrivateUrls: boolean;
  /** Jobs running at once; the rest wait in order. */
  maxConcurrentJobs: number;
  /** A group's languages dubbed at once, within its job's share of the cores (languagesAtOnceFor). */
  languagesAtOnce: number;
  /** Jobs allowed to wait; one more is refused with 503. */
  maxWaitingJobs: number;
  /** Jobs one client (address) may have running or waiting; one more is refused with 429. */
  maxJobsPerClient: number;
  /**
   * Stored jobs (the jobs API) wait on disk, not on an open connection: they are allowed a
   * longer line, in all and per client.
   */
  maxQueuedJobs: number;
  maxQueuedJobsPerClient: number;
  /**
   * With a Redis URL (VOXLATE_REDIS_URL), stored jobs are queued in Redis (BullMQ) and run by
   * workers (`npm run worker`); without one, in this process.
   */
  redisUrl: string | undefined;
  /** How long a job and its files are kept after its last change (VOXLATE_RETENTION_DAYS, 7 by default). */
  retentionMs: number;
  /** How often jobs left running by a process that is gone are looked for (VOXLATE_JOB_SWEEP_SECONDS, 30). */
  sweepMs: number;
  /** URL import: whole-download time cap, longest server silence, redirects followed. */
  urlImport: { timeoutMs: number; idleMs: number; maxRedirects: number };
  /** Seconds between SSE comments that keep idle connections open. */
  heartbeatMs: number;
  /** A client that takes none of an answer for this long is disconnected. */
  writeTimeoutMs: number;
  /** Request bodies: longest pause, and longest time for the whole body (both answered 408). */
  bodyTimeouts: { idleMs: number; totalMs: number };
  /** Live sessions this machine runs at once; one more is closed with 1013 (try again later). */
  maxLiveSessions: number;
  /** Live sessions one workspace runs at once (with keys), so that one cannot take every place. */
  maxLiveSessionsPerWorkspace: number;
  /** Live sockets one address may hold open without a key while they wait to send it (VOXLATE_LIVE_KEYLESS_PER_ADDRESS). */
  maxKeylessLivePerAddress: number;
  /** How far a live client's audio may run ahead of real time, and how much it may leave unread. */
  liveLimits: LiveLimits;
  /** Where request folders are made. */
  tempRoot: string;
  /** The built studio, served at `/` when present. */
  webRoot: string;
  /**
   * Every JSON answer is checked against the contract before it is sent, and one that does not
   * fit becomes a 500 naming the mismatch (VOXLATE_CHECK_ANSWERS=1; the tests run with it).
   */
  checkAnswers: boolean;
}

export const MAX_UPLOAD_BYTES = 157_286_400;

export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const number = (name: string, fallback: number): number => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a number, got "${value}".`);
    return parsed;
  };
  // Each job already runs one recogniser per core, so one job per two cores keeps them busy.
  const maxConcurrentJobs = number('VOXLATE_MAX_JOBS', Math.max(1, Math.floor(availableParallelism() / 2)));
  return {
    port: number('PORT', 5001),
    host: env['HOST'] ?? '127.0.0.1',
    open: env['VOXLATE_OPEN'] === '1',
    trustProxy: trustProxyOf(env['VOXLATE_TRUST_PROXY']),
    publicOrigin: publicOriginOf(env['VOXLATE_PUBLIC_ORIGIN']),
    allowedHosts: listOf(env['VOXLATE_ALLOWED_HOSTS']),
    maxUploadBytes: MAX_UPLOAD_BYTES,
    rateLimits: {
      translate: number('VOXLATE_RATE_TRANSLATE', 10),
      processVideo: number('VOXLATE_RATE_VIDEO', 5),
      audioUrl: number('VOXLATE_RATE_URL', 10),
      // Jobs are queued, not held open: a creator may drop a whole season of episodes at once.
      jobs: number('VOXLATE_RATE_JOBS', 60),
      // Keys cannot be guessed; the limit keeps a script that tries from filling the logs.
      signIn: number('VOXLATE_RATE_SIGN_IN', 20),
    },
    sessions: sessionLifetimeFromEnv(env),
    allowOverage: env['VOXLATE_ALLOW_OVERAGE'] === '1',
    corsOrigins: listOf(env['VOXLATE_CORS_ORIGINS']),
    allowPrivateUrls: env['VOXLATE_ALLOW_PRIVATE_URLS'] === '1',
    maxConcurrentJobs,
    languagesAtOnce: Math.max(1, number('VOXLATE_LANGUAGES_AT_ONCE', languagesAtOnceFor(maxConcurrentJobs))),
    maxWaitingJobs: number('VOXLATE_MAX_WAITING', 8),
    maxJobsPerClient: number('VOXLATE_MAX_JOBS_PER_CLIENT', 3),
    maxQueuedJobs: number('VOXLATE_MAX_QUEUED', 200),
    maxQueuedJobsPerClient: number('VOXLATE_MAX_QUEUED_PER_CLIENT', 50),
    retentionMs: number('VOXLATE_RETENTION_DAYS', 7) * 24 * 3600 * 1000,
    sweepMs: number('VOXLATE_JOB_SWEEP_SECONDS', 30) * 1000,
    redisUrl: env['VOXLATE_REDIS_URL'] || undefined,
    urlImport: {
      timeoutMs: number('VOXLATE_URL_TIMEOUT_MS', 60_000),
      idleMs: number('VOXLATE_URL_IDLE_MS', 15_000),
      maxRedirects: 5,
    },
    heartbeatMs: number('VOXLATE_HEARTBEAT_MS', 15_000),
    writeTimeoutMs: number('VOXLATE_WRITE_TIMEOUT_MS', 60_000),
    bodyTimeouts: {
      idleMs: number('VOXLATE_BODY_IDLE_MS', 30_000),
      totalMs: number('VOXLATE_UPLOAD_TIMEOUT_MS', 600_000),
    },
    // Each live session keeps about a quarter of a core busy while its speaker talks (npm run bench).
    maxLiveSessions: number('VOXLATE_MAX_LIVE_SESSIONS', 2 * availableParallelism()),
    maxLiveSessionsPerWorkspace: number('VOXLATE_MAX_LIVE_PER_WORKSPACE', Math.max(1, availableParallelism())),
    // A client sends its key within a second of opening; two let one reconnect while the old one closes.
    maxKeylessLivePerAddress: number('VOXLATE_LIVE_KEYLESS_PER_ADDRESS', 2),
    liveLimits: {
      leadSeconds: LIVE_LIMITS.leadSeconds,
      unreadBytes: number('VOXLATE_LIVE_UNREAD_BYTES', LIVE_LIMITS.unreadBytes),
      idleMs: number('VOXLATE_LIVE_IDLE_MS', LIVE_LIMITS.idleMs),
    },
    tempRoot: env['VOXLATE_TMPDIR'] ?? tmpdir(),
    webRoot: env['VOXLATE_WEB_ROOT'] ?? new URL('../../web/dist', import.meta.url).pathname,
    checkAnswers: env['VOXLATE_CHECK_ANSWERS'] === '1',
  };
}

function publicOriginOf(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol)) {
    throw new Error(
      `VOXLATE_PUBLIC_ORIGIN must be the address creators open, such as https://dub.example.com; got "${text}".`,
    );
  }
  return url.origin;
}

function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
