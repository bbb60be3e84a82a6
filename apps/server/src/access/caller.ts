import type { FastifyRequest } from 'fastify';
import type { KeyScope, WorkspaceRef } from '@voxlate/workspace';
import { NO_KEY, unauthorised } from './refusals.js';

/** Who sent a request, as access control decided before any route ran (see registerAccessControl). */
export interface Caller {
  /** The workspace the request's key opens; absent without a valid key. */
  workspace?: WorkspaceRef;
  /** What that key may do (a session's is its key's). */
  scope?: KeyScope;
  /** The studio's session the request came with, if it came so (signing out ends it). */
  session?: string;
  /** Whether the service asks for keys (once one was made): without a workspace, no data is reachable. */
  keysRequired: boolean;
  /**
   * Whose share of the limits the request counts against: the workspace when there is one (a team
   * behind one address is not one person), else the client's address.
   */
  client: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** The caller of a request (access control runs first on every request). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('Access control has not run for this request.');
  return request.caller;
}

/**
 * The id of the caller's workspace, which owned data is compared with: undefined on a service
 * without keys (the installation's open data). A request without a valid key on a service that
 * asks for keys reaches no data at all (fails closed, whatever the route).
 */
export function workspaceOf(request: FastifyRequest): string | undefined {
  const caller = callerOf(request);
  if (caller.keysRequired && !caller.workspace) throw unauthorised(NO_KEY);
  return caller.workspace?.id;
}
