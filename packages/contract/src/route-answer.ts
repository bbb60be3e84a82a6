import type { Static, TSchema } from 'typebox';
import type { RouteSpec } from './routes.js';

type AnswersOf<Route extends RouteSpec> = Route['answers'][keyof Route['answers']];

/**
 * The JSON a route answers on success, read from its declaration in Routes: a client types its
 * call by the route (`AnswerOf<typeof Routes.getJob>` is a Job) and never names the answer itself.
 */
export type AnswerOf<Route extends RouteSpec> =
  AnswersOf<Route> extends infer Answer
    ? Answer extends { json: infer Schema extends TSchema }
      ? Static<Schema>
      : never
    : never;

/** One event of a route's event stream, by the name the route declares it under (`progress`, `state`). */
export type EventOf<Route extends RouteSpec, Name extends string> =
  AnswersOf<Route> extends infer Answer
    ? Answer extends { events: Record<Name, infer Schema extends TSchema> }
      ? Static<Schema>
      : never
    : never;
