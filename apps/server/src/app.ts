import Fastify, { type FastifyInstance } from 'fastify';
import { LANGUAGES, LANGUAGE_CODES } from '@voxlate/core';
import type { Dubber } from '@voxlate/runtime';

/**
 * The HTTP service. This first version answers health and language questions; the spec's
 * dubbing endpoints and the studio are built on top of it.
 */
export function buildApp(dubber: Dubber): FastifyInstance {
  const app = Fastify({ logger: { level: process.env['LOG_LEVEL'] ?? 'info' } });
  app.get('/health', () => ({ status: 'ok' }));
  app.get('/api/languages', async () => {
    const engines = await dubber.resolver.registries.tts.describe();
    return LANGUAGE_CODES.map((code) => ({
      ...LANGUAGES[code],
      tts: engines.filter((engine) => engine.installed).map((engine) => engine.id),
    }));
  });
  app.get('/', (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><title>Voxlate</title><h1>Voxlate service</h1>' +
          '<p>The dubbing service is running. Dub a file from the command line with ' +
          '<code>npm run dub -- talk.mp4 --to spa --subtitles</code>.</p>',
      ),
  );
  return app;
}
