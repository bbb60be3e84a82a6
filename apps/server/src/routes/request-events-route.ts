import type { FastifyInstance } from 'fastify';
import { BadInput } from '@voxlate/core';
import { relayRequestEvents } from '../http/job-event-relay.js';
import { RequestIds } from '../jobs/request-ids.js';
import type { RouteContext } from './route-context.js';

/**
 * GET /api/requests/{request_id}/events: the stages of a /translate or /process-audio-url request
 * sent with that `request_id`, while the request itself waits for its single answer as the spec
 * says. Open it before sending the request. With Redis, it must reach the service instance that
 * received the request (the id is known only there).
 */
export function registerRequestEventsRoute(app: FastifyInstance, context: RouteContext): void {
  app.get<{ Params: { id: string } }>('/api/requests/:id/events', async (request, reply) => {
    if (!RequestIds.isValid(request.params.id)) {
      throw new BadInput("A request id is 8 to 64 letters, digits, '-' or '_' (a UUID fits).");
    }
    await relayRequestEvents(reply, context, request.params.id);
  });
}
