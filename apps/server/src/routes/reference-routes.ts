import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { openApiDocument, Routes } from '@voxlate/contract';
import { PRODUCT } from '@voxlate/dubber';
import { serveRoute } from './serve-route.js';

/** Redoc's standalone bundle, from its npm package. */
const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
/**
 * The bundle's one reference outside this machine: Redocly's logo beside its credit line (which
 * stays), loaded from their CDN. The page must need nothing from the network (and the studio's
 * Content Security Policy refuses it): an empty picture stands in.
 */
const REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const NO_LOGO = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>";

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Voxlate API reference</title>
</head>
<body>
<redoc spec-url="/api/openapi.json" hide-download-button="false"></redoc>
<script src="/api/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/** The API described (the OpenAPI 3.1 document made from the contract) and as a page to read. */
export function registerReferenceRoutes(app: FastifyInstance): void {
  const document = openApiDocument(PRODUCT.version);
  serveRoute(app, Routes.openApiDocument, () => document);
  serveRoute(app, Routes.apiReference, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(REFERENCE_PAGE),
  );
  let bundle: string | undefined;
  serveRoute(app, Routes.apiReferenceScript, async (_request, reply) => {
    bundle ??= (await readFile(REDOC_BUNDLE, 'utf8')).replaceAll(REMOTE_LOGO, NO_LOGO);
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(bundle);
  });
}
