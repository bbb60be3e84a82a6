import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Routes, type Session } from '@voxlate/contract';
import { Conflict } from '@voxlate/core';
import { earlierWorkFor } from '@voxlate/jobs';
import { type ApiKeys, type WorkspaceRef } from '@voxlate/workspace';
import { serveRoute } from './serve-route.js';
import { callerOf } from '../access/caller.js';
import { SESSION_COOKIE } from '../access/presented-key.js';
import { BAD_KEY, unauthorised } from '../access/refusals.js';

/**
 * The studio's sign-in: GET /api/session (must it sign in, and as whom), POST (checks a key and
 * keeps it in an HttpOnly, SameSite=Strict cookie for the browser session: scripts cannot read
 * it, other sites cannot send it) and DELETE (signs out). A signed-in workspace with nothing of its
 * own hears what the open installation made before keys, so a new key does not seem to lose it.
 */
export function registerSessionRoutes(
  app: FastifyInstance,
  keys: ApiKeys,
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
      const key = request.body.key.trim();
      const workspace = await keys.workspaceOf(key);
      if (!workspace) throw unauthorised(BAD_KEY);
      setSessionCookie(request, reply, key);
      return sessionOf(request, workspace);
    },
    { config: { rateLimit: { max: signInsPerMinute, timeWindow: '1 minute' } } },
  );

  serveRoute(app, Routes.signOut, (request, reply) => {
    void reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    return reply.code(204).send();
  });
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, key: string): void {
  // No Max-Age or Expires: a session cookie, gone when the browser closes.
  void reply.setCookie(SESSION_COOKIE, key, cookieOptions(request));
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    // Behind a TLS proxy (VOXLATE_TRUST_PROXY=1) the request's protocol is the client's.
    secure: request.protocol === 'https',
  };
}
