import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  check,
  LIVE_CLOSE,
  LIVE_INPUT_RATE,
  LiveQuery,
  normaliseFields,
  Routes,
  type LiveServerMessage,
  type LiveStatus,
} from '@voxlate/contract';
import {
  isVoxlateError,
  BadInput,
  pronunciationsFor,
  userMessage,
  type LanguageCode,
  type LiveEvent,
  type Pronunciation,
} from '@voxlate/core';
import { liveEnginesOf, openLiveSession } from '@voxlate/dubber';
import type { DiskGlossaries, WorkspaceRef } from '@voxlate/workspace';
import type { AccessConfig } from '../access/access-control.js';
import { callerOf, workspaceOf } from '../access/caller.js';
import { isCrossSite } from '../http/browser-security.js';
import { HttpError } from '../http/http-error.js';
import { SseStream } from '../http/sse-stream.js';
import { closeLiveSocket, LiveConnection } from '../live/live-connection.js';
import { keyFromFirstMessage, type EarlyFrame } from '../live/live-key.js';
import { namedGlossary } from '../requests/named-glossary.js';
import type { RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/**
 * GET /api/live: live translation over a WebSocket (the protocol is described on the route in
 * the contract), and GET /api/live/captions: a running session's captions for the overlay.
 */
export function registerLiveRoutes(app: FastifyInstance, context: RouteContext): void {
  const { path } = Routes.liveTranslation;
  app.route({
    method: 'GET',
    url: path,
    // The socket's client may send its key as its first message (never in the URL).
    config: { contract: true, keyInFirstMessage: true, scope: 'dub' } satisfies AccessConfig,
    handler: (request) => liveStatus(request, context),
    wsHandler: (socket, request) => serveLiveSocket(socket, request, context),
  });

  serveRoute(app, Routes.liveCaptions, (request, reply) => {
    const { session } = request.query;
    const workspace = workspaceOf(request);
    if (session !== undefined && !context.live.isRunning(session, workspace)) {
      throw new HttpError(404, 'No live session with that session_id is running.');
    }
    const stream = new SseStream(reply, context.config);
    const stop = context.live.follow(session, workspace, (caption) => stream.send(caption));
    reply.raw.once('close', () => stop?.());
  });
}

/**
 * A plain GET: can these languages go live here, and is there a free place? The same checks a
 * socket meets first, answered before one is opened (nothing is started).
 */
async function liveStatus(request: FastifyRequest, context: RouteContext): Promise<LiveStatus> {
  const asked = check(LiveQuery, normaliseFields(request.query));
  if (!asked.ok) throw new HttpError(400, asked.message);
  const { source_language: source, target_language: target } = asked.value;
  return {
    sample_rate: LIVE_INPUT_RATE,
    sessions: { running: context.live.count, max: context.live.maxSessions },
    engines: await liveEnginesOf(context.dubber.resolver, { source, target }),
  };
}

async function serveLiveSocket(socket: WebSocket, request: FastifyRequest, context: RouteContext): Promise<void> {
  // Nothing is taken until the session is ready: frames sent early wait in the socket.
  socket.pause();
  const say = (message: LiveServerMessage): void => socket.send(JSON.stringify(message));
  const refuse = (code: number, error: string): void => {
    say({ type: 'error', error });
    // The client's answer to the close must be read, or the close waits for ws's 30 s timeout.
    socket.resume();
    closeLiveSocket(socket, code, error);
  };
  if (isCrossSite(request, context.config.corsOrigins)) {
    return refuse(
      LIVE_CLOSE.refused,
      'Live sessions from other web sites are refused. Use the Voxlate studio, or add the site to VOXLATE_CORS_ORIGINS.',
    );
  }
  const keyed = await socketWorkspace(socket, request, context);
  if (keyed instanceof Error) return refuse(LIVE_CLOSE.refused, keyed.message);
  const asked = check(LiveQuery, normaliseFields(request.query));
  if (!asked.ok) return refuse(LIVE_CLOSE.refused, asked.message);
  const entry = context.live.tryStart(keyed.workspace?.id);
  if (!('id' in entry)) {
    return refuse(
      LIVE_CLOSE.busy,
      entry.full === 'machine'
        ? `This machine already runs ${entry.max} live sessions, as many as it holds. Try again later.`
        : `This workspace already runs ${entry.max} live sessions, as many as one workspace may. End one, or try again later.`,
    );
  }
  const abort = new AbortController();
  socket.once('close', () => abort.abort());
  try {
    // Events before the connection exists (none are expected before audio) wait for it.
    const early: LiveEvent[] = [];
    let deliver = (event: LiveEvent): unknown => early.push(event);
    const { source_language: source, target_language: target, glossary_id: glossaryId } = asked.value;
    const lexicon = await liveLexicon(context.libraries.of(keyed.workspace?.id).glossaries, glossaryId, target);
    if (lexicon instanceof Error) return refuse(LIVE_CLOSE.refused, lexicon.message);
    const opened = await openLiveSession(
      context.dubber.resolver,
      { source, target, lexicon },
      (event) => deliver(event),
      abort.signal,
    ).catch((error: unknown) => {
      refuse(
        isVoxlateError(error) && error.code !== 'Internal' ? LIVE_CLOSE.refused : LIVE_CLOSE.failed,
        userMessage(error),
      );
      if (!isVoxlateError(error)) request.log.error({ err: error }, 'a live session could not start');
      return undefined;
    });
    if (!opened) return;
    if (abort.signal.aborted) return void (await opened.session.cancel());
    const connection = new LiveConnection(
      socket,
      opened.session,
      request.log,
      context.config.liveLimits,
      entry.caption,
    );
    for (const event of early) connection.send(event);
    deliver = (event) => connection.send(event);
    say({ type: 'ready', session_id: entry.id, sample_rate: LIVE_INPUT_RATE, engines: opened.engines });
    request.log.info({ session: entry.id, source, target, engines: opened.engines }, 'live session started');
    const running = connection.run(keyed.handOver());
    socket.resume();
    await running;
    request.log.info({ session: entry.id }, 'live session ended');
  } finally {
    entry.release();
  }
}

/** The "say as" respellings of the glossary a live session names (an unknown one is the request's mistake). */
async function liveLexicon(
  glossaries: DiskGlossaries,
  glossaryId: string | undefined,
  target: LanguageCode,
): Promise<Pronunciation[] | Error> {
  if (glossaryId === undefined) return [];
  try {
    return pronunciationsFor(await namedGlossary(glossaries, glossaryId), target);
  } catch (error) {
    if (error instanceof BadInput) return error;
    throw error;
  }
}

/**
 * The workspace a live socket works in: its request's (a header, the studio's cookie, the
 * subprotocol), or else the key its first message sends; none without keys. What the client
 * sent after its key waits to be handed over to the session.
 */
async function socketWorkspace(
  socket: WebSocket,
  request: FastifyRequest,
  context: RouteContext,
): Promise<{ workspace: WorkspaceRef | undefined; handOver: () => EarlyFrame[] } | Error> {
  const caller = callerOf(request);
  if (!caller.keysRequired || caller.workspace) return { workspace: caller.workspace, handOver: () => [] };
  const release = context.live.keyless.hold(request.ip);
  if (!release) {
    return new Error(
      `This address already has ${context.live.keyless.maxPerAddress} live sockets waiting for their key. ` +
        'Send the key first on the ones open, or in the Authorization header or the subprotocol.',
    );
  }
  try {
    return await keyFromFirstMessage(socket, context.keys);
  } finally {
    release();
  }
}
