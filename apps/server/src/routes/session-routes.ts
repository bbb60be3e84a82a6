import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Routes, type Session } from '@voxlate/contract';
import { Conflict } from '@voxlate/core';
import { earlierWorkFor } from '@voxlate/jobs';
import type { WorkspaceRef } from '@voxlate/workspace';
import type { Credentials } from '../access/access-control.js';
import { serveRoute } from './serve-route.js';
import { callerOf } from '../access/caller.js';
import { SESSION_COOKIE } from '../access/presented-key.js';
import { keyRefusal, unauthorised } from '../access/refusals.js';

/**
 * The studio's sign-in: GET /api/session (must it sign in, and as whom), POST (checks a key and
 * exchanges it for a session, whose id is kept in an HttpOnly, SameSite=Strict cookie: scripts
 * cannot read it, other sites cannot send it, and it is not the key) and DELETE (signs out: the
 * session ends on the server, so the cookie opens nothing after). A signed-in workspace with
 * nothing of its own hears what the open installation made before keys, so a new key does not
 * seem to lose it.
 */
export function registerSessionRoutes(
  app: FastifyInstance,
  { keys, sessions }: Credentials,
  dataDir: string,
  signInsPerMinute: number,
): void {
  const sessionOf = async (request: FastifyRequest, workspace: WorkspaceRef | undefined): Promise<Session> => {
    const session: Session = {
      keys_required: callerOf(request).keysRequired,
      workspace: workspace ? { name: workspace.name } : null,
    };
    const earlier = workspace ? await earlierWorkFor(dataDir, workspace) : undefined;
    return earlier ? { ...session, earlier_work: { projects: earlier.jobs, libraries: earlier.folders } } : session;
  };

  serveRoute(app, Routes.getSession, (request) => sessionOf(request, callerOf(request).workspace));

  serveRoute(
    app,
    Routes.signIn,
    async (request, reply) => {
      if (!callerOf(request).keysRequired) {
        throw new Conflict('This service asks for no API key: there is nothing to sign in to.');
      }
      const checked = await keys.check(request.body.key.trim());
      if (!checked.valid) throw unauthorised(keyRefusal(checked));
      const session = await sessions.start({
        keyId: checked.id,
        keyPrefix: checked.prefix,
        workspace: checked.workspace,
      });
      // No Max-Age or Expires: gone when the browser closes; the service ends it sooner when unused.
      void reply.setCookie(SESSION_COOKIE, session, cookieOptions(request));
      return sessionOf(request, checked.workspace);
    },
    { config: { rateLimit: { max: signInsPerMinute, timeWindow: '1 minute' } } },
  );

  serveRoute(app, Routes.signOut, async (request, reply) => {
    const { session } = callerOf(request);
    if (session !== undefined) await sessions.end(session);
    void reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    return reply.code(204).send();
  });
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    // Behind a TLS proxy (VOXLATE_TRUST_PROXY) the request's protocol is the client's.
    secure: request.protocol === 'https',
  };
}
