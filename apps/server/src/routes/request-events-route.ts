import type { FastifyInstance } from 'fastify';
import { Routes } from '@voxlate/contract';
import { workspaceOf } from '../access/caller.js';
import { RequestIds } from '../requests/request-ids.js';
import { relayRequestEvents } from './job-event-relay.js';
import type { RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/**
 * GET /api/requests/{request_id}/events: the stages of a /translate or /process-audio-url request
 * sent with that `request_id`, while the request itself waits for its single answer as the spec
 * says. Open it before sending the request. With Redis, it must reach the service instance that
 * received the request (the id is known only there).
 */
export function registerRequestEventsRoute(app: FastifyInstance, context: RouteContext): void {
  serveRoute(app, Routes.followRequest, async (request, reply) => {
    // Only the caller's workspace's requests can be followed.
    const requestId = RequestIds.inWorkspace(workspaceOf(request), request.params.requestId);
    await relayRequestEvents(reply, context, requestId);
  });
}
