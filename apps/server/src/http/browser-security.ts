import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/**
 * The studio's Content Security Policy: its own scripts and styles only; media, images and
 * fetches may also use blob: URLs (the player shows the chosen file and the result as object
 * URLs, and wavesurfer.js fetches them to draw the waveform). wavesurfer.js puts a <style>
 * element in its shadow root, hence inline styles. Nothing may frame the studio.
 */
const CONTENT_SECURITY_POLICY = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  },
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers on every answer (@fastify/helmet), and a refusal of state-changing requests
 * sent from another site: a page anywhere on the web could otherwise post a form to a Voxlate
 * running on the user's machine and start jobs there (the multipart endpoints take simple form
 * posts, which browsers send cross-site without asking). Origins in VOXLATE_CORS_ORIGINS may.
 */
export async function registerBrowserSecurity(app: FastifyInstance, allowedOrigins: readonly string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    // The studio loads nothing from other origins; COEP would only break media from blob: URLs.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request, allowedOrigins)) {
      done(
        new HttpError(
          403,
          'Requests from other web sites are refused. Use the Voxlate studio, or add the site to VOXLATE_CORS_ORIGINS.',
        ),
      );
      return;
    }
    done();
  });
}

/**
 * Whether a request comes from a page of another origin. Browsers send `Origin` with every
 * cross-origin POST and `Sec-Fetch-Site` with every request; tools such as curl send neither,
 * and are not a cross-site threat.
 */
export function isCrossSite(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (allowedOrigins.includes(origin)) return false;
    return origin === 'null' || hostOf(origin) !== request.headers.host?.toLowerCase();
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}
