import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { check, LIVE_MAX_FRAME_BYTES, normaliseFields, type TSchema } from '@voxlate/contract';
import { BadInput, Busy } from '@voxlate/core';
import { Jobs, type JobRunner, type QueueLog } from '@voxlate/jobs';
import { Allowance, ApiKeys, Sessions, UsageLedger, WorkspaceLibraries } from '@voxlate/workspace';
import type { Dubber } from '@voxlate/dubber';
import type { ServerConfig } from './config.js';
import type { TrustProxy } from './access/trust-proxy.js';
import { refuseUnknownHosts } from './access/allowed-hosts.js';
import { redactedUrl } from './http/redacted-url.js';
import { registerAccessControl } from './access/access-control.js';
import { registerSessionRoutes } from './routes/session-routes.js';
import { registerWorkspaceRoutes } from './routes/workspace-routes.js';
import { LIVE_PROTOCOL } from './access/presented-key.js';
import { keysMandatory } from './access/listen-guard.js';
import { refuseStalledBodies } from './http/body-timeouts.js';
import { registerBrowserSecurity } from './http/browser-security.js';
import { answerClientError } from './http/client-error.js';
import { HttpError } from './http/http-error.js';
import { drainRefusedBody } from './http/drain-refused-body.js';
import { checkAnswersAgainstContract } from './http/contract-answers.js';
import { errorResponse } from './http/error-response.js';
import { describeRequestError } from './http/request-errors.js';
import { RequestIds } from './requests/request-ids.js';
import { RequestFolders } from './requests/request-folders.js';
import { linkedMediaFetcher, urlImportOptionsOf } from './url-import/linked-media-fetcher.js';
import { registerInfoRoutes } from './routes/info-routes.js';
import { endEventStreamsOnClose } from './routes/job-event-relay.js';
import { registerJobsRoutes } from './routes/jobs-routes.js';
import { registerMemoryRoutes } from './routes/memory-routes.js';
import { registerGlossaryRoutes } from './routes/glossary-routes.js';
import { registerVoiceLibraryRoutes } from './routes/voice-library-routes.js';
import { registerSpeechPreviewRoute } from './routes/speech-preview-route.js';
import { registerPublishRoutes } from './routes/publish-routes.js';
import { registerLiveRoutes } from './routes/live-routes.js';
import { LiveSessions } from './live/live-sessions.js';
import { registerProcessAudioUrlRoute } from './routes/process-audio-url-route.js';
import { registerProcessVideoRoute } from './routes/process-video-route.js';
import { registerReferenceRoutes } from './routes/reference-routes.js';
import { registerRequestEventsRoute } from './routes/request-events-route.js';
import type { RouteContext } from './routes/route-context.js';
import { registerTranslateRoute } from './routes/translate-route.js';

/** A route the service registered: its method and path as Fastify has them. */
export interface ServedRoute {
  method: string;
  path: string;
}

const served = new WeakMap<FastifyInstance, ServedRoute[]>();

/** Every route the app registered (HEAD routes Fastify adds for GET left out). */
export function servedRoutes(app: FastifyInstance): readonly ServedRoute[] {
  return served.get(app) ?? [];
}

/** How long open connections may take to finish once the service stops. */
const SHUTDOWN_GRACE_MS = 3000;

/**
 * The HTTP service: the spec's three endpoints over the pipeline, info endpoints, and the
 * built studio at `/`. The app owns the Dubber it is given and closes it with itself.
 */
export async function buildApp(config: ServerConfig, dubber: Dubber): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: process.env['LOG_LEVEL'] ?? 'info', serializers: { req: loggedRequest } },
    bodyLimit: 1024 * 1024,
    trustProxy: trustedProxies(config.trustProxy),
    clientErrorHandler: answerClientError,
  });
  const routes: ServedRoute[] = [];
  served.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, path: route.url });
  });
  const dataDir = dubber.config.dataDir;
  // Each workspace's glossaries, memory and voices; jobs run here (without Redis) translate with
  // the memory of their own workspace, which their edits fill.
  const libraries = new WorkspaceLibraries(dataDir);
  const keys = new ApiKeys(dataDir);
  const sessions = new Sessions(dataDir, config.sessions);
  const jobs = new Jobs({
    dataDir,
    libraries,
    limits: {
      concurrency: config.maxConcurrentJobs,
      maxWaiting: config.maxWaitingJobs,
      maxPerClient: config.maxJobsPerClient,
    },
    runner: jobRunnerOf(config, dubber, (level, message) => app.log[level](message)),
    retentionMs: config.retentionMs,
    sweepMs: config.sweepMs,
    allowance: new Allowance(keys, new UsageLedger(dataDir), config.allowOverage),
  });
  const context: RouteContext = {
    config,
    dubber,
    jobs,
    libraries,
    requests: new RequestIds(),
    folders: new RequestFolders(config.tempRoot),
    live: new LiveSessions(config.maxLiveSessions, config.maxLiveSessionsPerWorkspace, config.maxKeylessLivePerAddress),
    keys,
  };
  const resumed = await jobs.open();
  if (resumed.length > 0) app.log.info({ jobs: resumed }, 'resuming jobs left unfinished');
  // A larger frame closes the socket with 1009 (clients send 20-100 ms of audio a frame). Registered
  // before the hooks that may refuse a request: its own marks an upgrade, so that the socket of a
  // refused one (401) is closed after the answer instead of held open.
  await app.register(websocket, {
    options: {
      maxPayload: LIVE_MAX_FRAME_BYTES,
      // A client offering its key as a subprotocol is answered with `voxlate`: the key is never echoed.
      handleProtocols: (protocols) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
    },
  });
  // Before anything else reads the request (but after the socket plugin marks an upgrade, so that
  // a refused socket is closed after its answer).
  refuseUnknownHosts(app, config);
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false });
  await registerBrowserSecurity(app, config.corsOrigins);
  await registerAccessControl(app, { keys, sessions }, keysMandatory(config));
  await app.register(rateLimit, {
    global: false,
    // Counted per workspace once keys are in use (a team behind one address is not one person).
    keyGenerator: (request) => request.caller?.client ?? request.ip,
    errorResponseBuilder: (request, limit) => ({
      statusCode: 429,
      error:
        `Too many requests to ${request.method} ${request.routeOptions.url ?? request.url} from ` +
        `${request.caller?.workspace ? 'this workspace' : 'this address'}: at most ${limit.max} a minute. ` +
        `Try again in ${Math.ceil(limit.ttl / 1000)} s.`,
    }),
  });
  refuseStalledBodies(app, config.bodyTimeouts);
  if (config.checkAnswers) checkAnswersAgainstContract(app);
  // Params, queries and JSON bodies are checked against the contract's schemas, in its words.
  app.setValidatorCompiler(({ schema }) => contractValidator(schema as TSchema));
  await app.register(multipart, { throwFileSizeLimit: true });
  app.setErrorHandler(async (error, request, reply) => {
    const response = errorResponse(describeRequestError(error, request) ?? error);
    // A 503 the service chose (a full line, an unreachable queue, a lock held: Busy) is a refusal, not a fault.
    if (response.status >= 500 && !(error instanceof HttpError || error instanceof Busy)) request.log.error(error);
    else request.log.info({ status: response.status, error: response.body.error }, 'request refused');
    if (reply.sent || reply.raw.headersSent) return;
    // The rest of a refused body is read first (within limits), or the client could be reset
    // before it reads the answer; after a refused upload the connection is not worth keeping.
    await drainRefusedBody(request.raw);
    if (reply.sent || reply.raw.headersSent) return;
    if (response.status === 413) reply.header('Connection', 'close');
    await reply.code(response.status).headers(response.headers).send(response.body);
  });
  registerSessionRoutes(app, { keys, sessions }, dataDir, config.rateLimits.signIn);
  registerWorkspaceRoutes(app, context);
  registerInfoRoutes(app, context);
  registerTranslateRoute(app, context);
  registerProcessVideoRoute(app, context);
  registerProcessAudioUrlRoute(app, context);
  registerJobsRoutes(app, context);
  registerMemoryRoutes(app, context);
  registerGlossaryRoutes(app, context);
  registerVoiceLibraryRoutes(app, context);
  registerSpeechPreviewRoute(app, context);
  registerPublishRoutes(app, context);
  registerRequestEventsRoute(app, context);
  registerReferenceRoutes(app);
  registerLiveRoutes(app, context);
  endEventStreamsOnClose(app);
  await serveStudio(app, config.webRoot);
  // Stopping: jobs stop first (stored ones resume at the next start; open requests get their
  // error), then connections get a short grace before they are closed, however idle or silent
  // (a connection that never sent a request would otherwise hold the close for a minute).
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await jobs.close();
  });
  app.addHook('onClose', async () => {
    await context.folders.removeAll();
    await dubber.close();
  });
  return app;
}

/**
 * Fastify's trust of X-Forwarded-For: a hop count becomes "the first n hops" (proxy-addr counts
 * from the socket's address), which Fastify's types do not take as a number.
 */
function trustedProxies(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** A request as every log line names it: the URL's secrets (a key sent as ?key=) redacted. */
function loggedRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** Jobs run on Redis workers when the installation has Redis, else here with the warm dubber. */
function jobRunnerOf(config: ServerConfig, dubber: Dubber, log: QueueLog): JobRunner {
  if (config.redisUrl) return { redisUrl: config.redisUrl, log };
  return {
    dubber,
    options: {
      languagesAtOnce: config.languagesAtOnce,
      fetchLinked: linkedMediaFetcher(dubber, urlImportOptionsOf(config)),
    },
  };
}

/**
 * Fastify's validator for a route part: the contract's check, on the values as the service reads
 * them (trimmed, empty ones not sent); a refusal is a BadInput in the words the schema gives.
 */
function contractValidator(schema: TSchema): (value: unknown) => { value: unknown } | { error: Error } {
  return (value) => {
    const read = normaliseFields(value);
    const result = check(schema, read);
    return result.ok ? { value: read } : { error: new BadInput(result.message) };
  };
}

/** The built web app when present (apps/web/dist), with its routes falling back to index.html. */
async function serveStudio(app: FastifyInstance, webRoot: string): Promise<void> {
  if (!existsSync(join(webRoot, 'index.html'))) {
    app.get('/', (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Voxlate</title><h1>Voxlate service</h1><p>The studio has not been built.</p>'),
    );
    return;
  }
  // The build writes .br and .gz beside each text file (apps/web/precompress.ts): sent as accepted.
  await app.register(fastifyStatic, { root: webRoot, wildcard: false, preCompressed: true });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) return reply.sendFile('index.html');
    return reply.code(404).send({ error: `Not found: ${request.method} ${redactedUrl(request.url)}` });
  });
}
