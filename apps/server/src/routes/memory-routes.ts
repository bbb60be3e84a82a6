import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Routes, type MemoryEntry as MemoryEntryAnswer } from '@voxlate/contract';
import { NotFound, type LanguageCode } from '@voxlate/core';
import { toTmx, type DiskTranslationMemory, type MemoryEntry, type MemoryFilter } from '@voxlate/workspace';
import { PRODUCT } from '@voxlate/dubber';
import { attachment } from '../http/send-file.js';
import { libraryOf, type RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/**
 * The translation memory of the caller's workspace: list and search it, export it as TMX, forget
 * a line or all of them.
 */
export function registerMemoryRoutes(app: FastifyInstance, context: RouteContext): void {
  const memoryOf = (request: FastifyRequest): DiskTranslationMemory => libraryOf(context, request).memory;

  serveRoute(app, Routes.listMemory, async (request) => {
    const page = Number(request.query.page ?? 0);
    const size = Number(request.query.size ?? 50);
    const { entries, total } = await memoryOf(request).list(filterOf(request.query), page, size);
    return { entries: entries.map(entryFields), page, size, total };
  });

  serveRoute(app, Routes.exportMemory, async (request, reply) => {
    const { entries } = await memoryOf(request).list(filterOf(request.query), 0, Number.MAX_SAFE_INTEGER);
    const pair = [request.query.source_language, request.query.target_language].filter(Boolean).join('-');
    return reply
      .header('content-type', 'application/x-tmx+xml; charset=utf-8')
      .header('content-disposition', attachment(`voxlate-memory${pair ? `.${pair}` : ''}.tmx`))
      .send(toTmx(entries, PRODUCT));
  });

  serveRoute(app, Routes.forgetMemoryLine, async (request, reply) => {
    if (!(await memoryOf(request).forget(request.params.id))) throw new NotFound('The memory has no such line.');
    return reply.code(204).send();
  });

  serveRoute(app, Routes.clearMemory, async (request) => ({
    forgotten: await memoryOf(request).clear(filterOf(request.query)),
  }));
}

function filterOf(query: { source_language?: string; target_language?: string; q?: string }): MemoryFilter {
  return {
    ...(query.source_language ? { sourceLanguage: query.source_language as LanguageCode } : {}),
    ...(query.target_language ? { targetLanguage: query.target_language as LanguageCode } : {}),
    ...(query.q ? { query: query.q } : {}),
  };
}

function entryFields(entry: MemoryEntry): MemoryEntryAnswer {
  return {
    id: entry.id,
    source_language: entry.sourceLanguage,
    target_language: entry.targetLanguage,
    source: entry.source,
    target: entry.target,
    updated_at: entry.updatedAt,
  };
}
