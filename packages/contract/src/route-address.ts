import type { Static, TSchema } from 'typebox';
import type { RouteSpec } from './routes.js';

type PartOf<Route, Key extends 'params' | 'query'> = Route extends { [K in Key]: infer Schema extends TSchema }
  ? Static<Schema>
  : never;

/** What a route's address is made of: its path's params (required where it has any) and its query. */
export type AddressParts<Route extends RouteSpec> = (Route extends { params: TSchema }
  ? { params: PartOf<Route, 'params'> }
  : { params?: never }) &
  (Route extends { query: TSchema } ? { query?: Partial<PartOf<Route, 'query'>> } : { query?: never });

/**
 * A route's address from its declaration in the contract: `/api/jobs/:id/result` with
 * `{params: {id}, query: {revision}}` gives `/api/jobs/<id>/result?revision=2`. Params are
 * encoded; query fields left undefined are not sent. The names are the contract's types, so a
 * client cannot ask for a param or a query field the route does not declare.
 */
export function addressOf<Route extends RouteSpec>(
  route: Route,
  ...[parts]: Route extends { params: TSchema } ? [AddressParts<Route>] : [AddressParts<Route>?]
): string {
  // A route's params and query are text (the contract declares them as strings).
  const params = (parts?.params ?? {}) as Record<string, string>;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = Object.entries((parts?.query ?? {}) as Record<string, string | undefined>).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, value] as [string, string]],
  );
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query).toString()}`;
}
