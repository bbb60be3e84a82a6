import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { openApiDocument, Routes } from '@voxlate/contract';
import { PRODUCT } from '@voxlate/runtime';
import { serveRoute } from './serve-route.js';

/** Redoc's standalone bundle, from its npm package: the page needs nothing from the network. */
const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

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
  serveRoute(app, Routes.apiReferenceScript, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(createReadStream(REDOC_BUNDLE)),
  );
}
