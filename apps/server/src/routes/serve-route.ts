import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AnswerOf, RouteSpec, Static, TSchema } from '@voxlate/contract';
import type { AccessConfig } from '../access/access-control.js';

type Part<Schema> = Schema extends TSchema ? Static<Schema> : unknown;
type JsonBodyOf<Spec> = Spec extends { body: { json: infer Schema } } ? Part<Schema> : unknown;

/** A request to a route of the contract, typed by its schemas. */
export type RouteRequest<Spec extends RouteSpec> = FastifyRequest<{
  Params: Part<Spec['params']>;
  Querystring: Part<Spec['query']>;
  Body: JsonBodyOf<Spec>;
}>;

/**
 * What a handler gives back: the route's JSON answer as the contract declares it (a wrong field is
 * a compile error), or the reply it sent itself (a status of its own, a stream, a file).
 */
type HandlerResult<Spec extends RouteSpec> = AnswerOf<Spec> | FastifyReply | undefined;

/**
 * Serves a route of the contract: its method and path as declared, its params, query and JSON
 * body checked against its schemas before the handler runs (refused in the words the schema
 * gives the field). Multipart forms are read part by part by the handler and checked there.
 * Access control reads from the route whether it takes requests without a key (`public`).
 */
export function serveRoute<Spec extends RouteSpec>(
  app: FastifyInstance,
  spec: Spec,
  handler: (
    request: RouteRequest<Spec>,
    reply: FastifyReply,
  ) => HandlerResult<Spec> | void | Promise<HandlerResult<Spec> | void>,
  options: Pick<RouteShorthandOptions, 'config' | 'preValidation'> = {},
): void {
  app.route({
    ...(spec.body && 'json' in spec.body ? { bodyLimit: spec.body.maxBytes } : {}),
    method: spec.method,
    url: spec.path,
    schema: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body && 'json' in spec.body ? { body: spec.body.json } : {}),
    },
    ...options,
    config: { ...options.config, ...accessOf(spec) },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}

function accessOf(spec: RouteSpec): AccessConfig {
  return { contract: true, public: spec.public === true, ...(spec.scope ? { scope: spec.scope } : {}) };
}
