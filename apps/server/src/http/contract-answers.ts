import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_ANSWER, errorStatusesOf, mismatches, routeOf, type Method, type TSchema } from '@voxlate/contract';

/**
 * Checks every JSON answer of a contract route against what the contract declares for its
 * status, before it is sent. An answer that does not fit (a field the contract does not name,
 * a status it does not list) becomes a 500 that says where, so that no test passes with an
 * answer the API reference does not describe. On in the tests (VOXLATE_CHECK_ANSWERS=1).
 */
export function checkAnswersAgainstContract(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = routeOf(request.method as Method, request.routeOptions.url ?? '');
    if (!route || typeof payload !== 'string' || !isJson(reply)) return done(null, payload);
    const status = reply.statusCode;
    const declared = route.answers[status];
    const errorStatus = status >= 400 && errorStatusesOf(route).includes(status);
    const schema: TSchema | undefined =
      declared && 'json' in declared ? declared.json : errorStatus ? ERROR_ANSWER : undefined;
    const problems = schema
      ? mismatches(schema, JSON.parse(payload) as unknown)
      : [`status ${status} is not declared for this route`];
    if (problems.length === 0) return done(null, payload);
    const message = `The answer of ${route.operationId} (${status}) does not match the contract: ${problems.join('; ')}`;
    request.log.error(message);
    reply.code(500);
    done(null, JSON.stringify({ error: message }));
  });
}

function isJson(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('application/json');
}
