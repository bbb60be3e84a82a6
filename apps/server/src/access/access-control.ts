import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { workspaceClient, type ApiKeys } from '@voxlate/workspace';
import type { Caller } from './caller.js';
import { presentedKey } from './presented-key.js';
import { BAD_KEY, NO_KEY, unauthorised } from './refusals.js';

/** What a route of the contract tells access control (serveRoute sets it from the RouteSpec). */
export interface AccessConfig {
  /** A route the contract declares (its `public` says whether it takes requests without a key). */
  contract?: boolean;
  public?: boolean;
  /** A WebSocket route whose client may send its key in its first message instead (the live socket). */
  keyInFirstMessage?: boolean;
}

/**
 * Who may do what. As long as no key was ever made, the service is open (one person on their own
 * machine; main.ts refuses to listen beyond loopback then). Once one exists, every route of the
 * contract but the public ones (health, the API reference, signing in) needs a valid key, and
 * the studio's own files stay public (the sign-in page is one of them). Every request carries its
 * Caller: the workspace its key opens, whose data alone it reaches.
 */
export async function registerAccessControl(app: FastifyInstance, keys: ApiKeys, mandatory: boolean): Promise<void> {
  await app.register(cookie);
  app.addHook('onRequest', async (request) => {
    request.caller = await callerFor(request, keys, mandatory);
  });
}

/** `mandatory`: keys are required even if none exists (a service beyond loopback fails closed; see keysMandatory). */
async function callerFor(request: FastifyRequest, keys: ApiKeys, mandatory: boolean): Promise<Caller> {
  if (!mandatory && !(await keys.required())) return { keysRequired: false, client: request.ip };
  const key = presentedKey(request);
  const workspace = key === undefined || key === '' ? undefined : await keys.workspaceOf(key);
  if (workspace) return { workspace, keysRequired: true, client: workspaceClient(workspace.id) };
  const anonymous: Caller = { keysRequired: true, client: request.ip };
  const access = request.routeOptions.config as AccessConfig;
  const needsKey = access.contract === true ? access.public !== true : request.url.startsWith('/api/');
  if (!needsKey) return anonymous;
  // The live socket's client may still send its key as its first message (see the live route).
  if (key === undefined && access.keyInFirstMessage === true && request.headers.upgrade !== undefined) {
    return anonymous;
  }
  throw unauthorised(key === undefined || key === '' ? NO_KEY : BAD_KEY);
}
