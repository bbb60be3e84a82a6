import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  scopeAllows,
  workspaceClient,
  type ApiKeys,
  type KeyCheck,
  type KeyScope,
  type Sessions,
  type WorkspaceRef,
} from '@voxlate/workspace';
import type { Caller } from './caller.js';
import { presentedKey, SESSION_COOKIE } from './presented-key.js';
import { keyRefusal, NO_KEY, outOfScope, SESSION_ENDED, unauthorised } from './refusals.js';

/** What a route of the contract tells access control (serveRoute sets it from the RouteSpec). */
export interface AccessConfig {
  /** A route the contract declares (its `public` says whether it takes requests without a key). */
  contract?: boolean;
  public?: boolean;
  /** A WebSocket route whose client may send its key in its first message instead (the live socket). */
  keyInFirstMessage?: boolean;
  /** What a key must be allowed to do here; by default `read` for GET and HEAD, `dub` for the rest. */
  scope?: KeyScope;
}

/** Where access control reads who a request comes from. */
export interface Credentials {
  keys: ApiKeys;
  sessions: Sessions;
}

/**
 * Who may do what. As long as no key was ever made, the service is open (one person on their own
 * machine; main.ts refuses to listen beyond loopback then). Once one exists, every route of the
 * contract but the public ones (health, the API reference, signing in) needs a valid key or a
 * signed-in session allowed to do what the route does (its scope), and the studio's own files stay
 * public (the sign-in page is one of them). Every request carries its Caller: the workspace its
 * key opens, whose data alone it reaches.
 */
export async function registerAccessControl(
  app: FastifyInstance,
  credentials: Credentials,
  mandatory: boolean,
): Promise<void> {
  await app.register(cookie);
  app.addHook('onRequest', async (request) => {
    request.caller = await callerFor(request, credentials, mandatory);
  });
}

/** `mandatory`: keys are required even if none exists (a service beyond loopback fails closed; see keysMandatory). */
async function callerFor(request: FastifyRequest, credentials: Credentials, mandatory: boolean): Promise<Caller> {
  if (!mandatory && !(await credentials.keys.required())) return { keysRequired: false, client: request.ip };
  const opened = await openedBy(request, credentials);
  const access = request.routeOptions.config as AccessConfig;
  const needsKey = access.contract === true ? access.public !== true : request.url.startsWith('/api/');
  if (opened && 'workspace' in opened) {
    const caller: Caller = { ...opened, keysRequired: true, client: workspaceClient(opened.workspace.id) };
    if (needsKey) requireScope(opened.scope, neededScope(request, access));
    return caller;
  }
  const anonymous: Caller = { keysRequired: true, client: request.ip };
  if (!needsKey) return anonymous;
  // The live socket's client may still send its key as its first message (see the live route).
  if (opened === undefined && access.keyInFirstMessage === true && isWebSocketUpgrade(request)) return anonymous;
  throw unauthorised(opened === undefined ? NO_KEY : opened.refusal);
}

/** What a request's key or session opened: its workspace and scope, or why it opens nothing. */
type Opened = { workspace: WorkspaceRef; scope: KeyScope; session?: string } | { refusal: string } | undefined;

/**
 * The workspace and scope a request's key or session opens, or why it opens nothing, or undefined
 * when it carries neither. A key sent with the request wins over the studio's session cookie.
 */
async function openedBy(request: FastifyRequest, { keys, sessions }: Credentials): Promise<Opened> {
  const key = presentedKey(request);
  const session = key === undefined ? request.cookies[SESSION_COOKIE] : undefined;
  if (key === undefined && (session === undefined || session === '')) return undefined;
  let checked: KeyCheck | undefined;
  if (key !== undefined) {
    checked = await keys.check(key);
    if (!checked.valid) return { refusal: keyRefusal(checked) };
  } else {
    const holder = await sessions.use(session!);
    checked = holder ? await keys.checkId(holder.keyId) : undefined;
    if (!checked?.valid) {
      // A session ends with its key: revoked or expired, the next use ends it for good.
      if (holder) await sessions.end(session!);
      return { refusal: SESSION_ENDED };
    }
  }
  void keys.noteUse(checked.id).catch(() => undefined);
  return { workspace: checked.workspace, scope: checked.scope, ...(session ? { session } : {}) };
}

function neededScope(request: FastifyRequest, access: AccessConfig): KeyScope {
  return access.scope ?? (request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'dub');
}

function requireScope(held: KeyScope, needed: KeyScope): void {
  if (!scopeAllows(held, needed)) throw outOfScope(held, needed);
}

/**
 * A real WebSocket opening handshake (RFC 6455 4.1), not any request with an `Upgrade` header:
 * `Upgrade: h2c` on the live route must not pass as a socket and read the plain GET's answer.
 */
export function isWebSocketUpgrade(request: FastifyRequest): boolean {
  const { upgrade, connection } = request.headers;
  return (
    request.ws &&
    request.method === 'GET' &&
    upgrade?.toLowerCase() === 'websocket' &&
    (connection ?? '')
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes('upgrade') &&
    request.headers['sec-websocket-key'] !== undefined &&
    request.headers['sec-websocket-version'] !== undefined
  );
}
