import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Routes, type GlossaryAnswer, type GlossaryBody } from '@voxlate/contract';
import { glossaryToCsv, parseGlossaryCsv, requireSpokenForms, type Glossary } from '@voxlate/core';
import type { DiskGlossaries, StoredGlossary } from '@voxlate/workspace';
import { attachment } from '../http/send-file.js';
import { libraryOf, type RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/**
 * The glossaries of the caller's workspace: made from CSV or a list, listed, read, replaced,
 * removed, exported as CSV.
 */
export function registerGlossaryRoutes(app: FastifyInstance, context: RouteContext): void {
  const glossariesOf = (request: FastifyRequest): DiskGlossaries => libraryOf(context, request).glossaries;

  serveRoute(app, Routes.listGlossaries, async (request) => ({
    glossaries: (await glossariesOf(request).list()).map(glossaryFields),
  }));

  serveRoute(app, Routes.createGlossary, async (request, reply) =>
    reply
      .code(201)
      .send(glossaryFields(await glossariesOf(request).create(request.body.name.trim(), glossaryOf(request.body)))),
  );

  serveRoute(app, Routes.getGlossary, async (request) =>
    glossaryFields(await glossariesOf(request).get(request.params.id)),
  );

  serveRoute(app, Routes.replaceGlossary, async (request) =>
    glossaryFields(
      await glossariesOf(request).replace(
        request.params.id,
        request.body.name.trim(),
        glossaryOf(request.body),
        request.body.updated_at,
      ),
    ),
  );

  serveRoute(app, Routes.deleteGlossary, async (request, reply) => {
    await glossariesOf(request).remove(request.params.id);
    return reply.code(204).send();
  });

  serveRoute(app, Routes.exportGlossary, async (request, reply) => {
    const glossary = await glossariesOf(request).get(request.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(`${glossary.name.replace(/[\\/]/g, '_')}.csv`))
      .send(glossaryToCsv(glossary));
  });
}

/** The terms of a request: its CSV, or its list (the schema lets one through, never both). */
function glossaryOf(body: GlossaryBody): Glossary {
  if (body.csv !== undefined) return parseGlossaryCsv(body.csv);
  // Without CSV, the schema's oneOf has let the body through only with both of these.
  const { source_language: sourceLanguage, terms } = body as Required<GlossaryBody>;
  return {
    sourceLanguage,
    terms: terms.map((given, i) => {
      const term = {
        source: given.source.trim(),
        ...(given.keep ? { keep: true } : {}),
        targets: given.targets,
        ...(given.say_as ? { sayAs: given.say_as } : {}),
      };
      requireSpokenForms(term, `Glossary term ${i + 1}`);
      return term;
    }),
  };
}

function glossaryFields(glossary: StoredGlossary): GlossaryAnswer {
  return {
    id: glossary.id,
    name: glossary.name,
    source_language: glossary.sourceLanguage,
    terms: glossary.terms.map((term) => ({
      source: term.source,
      ...(term.keep ? { keep: true } : {}),
      targets: term.targets,
      ...(term.sayAs ? { say_as: term.sayAs } : {}),
    })),
    created_at: glossary.createdAt,
    updated_at: glossary.updatedAt,
  };
}
