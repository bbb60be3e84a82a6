import type { FastifyInstance } from 'fastify';
import { Routes, type Usage } from '@voxlate/contract';
import { monthOf, type AllowanceStatus } from '@voxlate/workspace';
import { workspaceOf } from '../access/caller.js';
import type { RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/**
 * GET /api/usage: the caller's workspace's month against its plan (no plan without keys); GET
 * /api/keys: its keys, for an admin key (none without keys).
 */
export function registerWorkspaceRoutes(app: FastifyInstance, context: RouteContext): void {
  serveRoute(app, Routes.listKeys, async (request) => {
    const workspace = workspaceOf(request);
    const listed = workspace === undefined ? [] : await context.keys.list();
    return {
      keys: listed
        .filter((key) => key.workspace.id === workspace)
        .map((key) => ({
          prefix: key.prefix,
          scope: key.scope,
          created_at: key.createdAt,
          expires_at: key.expiresAt ?? null,
          last_used_at: key.lastUsedAt ?? null,
          revoked_at: key.revokedAt ?? null,
        })),
    };
  });

  serveRoute(app, Routes.getUsage, async (request) => {
    const workspace = workspaceOf(request);
    if (workspace === undefined) return openUsage(context.config.allowOverage);
    return usageFields(await context.jobs.usageOf(workspace));
  });
}

function usageFields(status: AllowanceStatus): Usage {
  const { plan } = status;
  return {
    plan: {
      name: plan.name,
      minutes_per_month: plan.minutesPerMonth ?? null,
      languages: plan.languages ?? null,
      max_video_height: plan.maxVideoHeight ?? null,
      seats: plan.seats ?? null,
    },
    month: status.month,
    resets_at: status.resetsAt.toISOString(),
    used_minutes: status.usedMinutes,
    top_up_minutes: status.topUpMinutes,
    left_minutes: status.leftMinutes ?? null,
    languages_used: status.languages,
    seats_used: status.seatsUsed,
    overage: status.overage,
  };
}

/** A service without keys: no workspace, no plan, nothing counted. */
function openUsage(overage: boolean): Usage {
  const { month, resetsAt } = monthOf(new Date());
  return {
    plan: null,
    month,
    resets_at: resetsAt.toISOString(),
    used_minutes: 0,
    top_up_minutes: 0,
    left_minutes: null,
    languages_used: [],
    seats_used: 0,
    overage,
  };
}
