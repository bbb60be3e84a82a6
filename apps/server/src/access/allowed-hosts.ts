import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.js';

/**
 * The names the service answers to, besides loopback names and IP addresses: the host of
 * VOXLATE_PUBLIC_ORIGIN and those in VOXLATE_ALLOWED_HOSTS (a leading dot allows every name
 * under it: `.example.com`).
 */
export interface HostNames {
  publicOrigin: string | undefined;
  allowedHosts: readonly string[];
}

/**
 * Refuses, before anything else runs, a request whose Host the service does not know. A page on
 * `rebind.attacker.example` can point its own name at 127.0.0.1 (DNS rebinding): the browser then
 * sends the service that page's Host and a matching Origin, so the cross-site check (which
 * compares them) passes, and the page reads and writes an open service. Such a name is not one of
 * the service's. IP addresses cannot be rebound (a page served from one is the service itself),
 * nor can `localhost` and its subdomains (browsers resolve them to loopback themselves).
 */
export function refuseUnknownHosts(app: FastifyInstance, names: HostNames): void {
  const known = knownNames(names);
  app.addHook('onRequest', (request, _reply, done) => {
    const host = request.headers.host;
    if (host !== undefined && hostAllowed(host, known)) return done();
    done(
      new HttpError(
        421,
        `This Voxlate service does not answer to the name ${JSON.stringify(String(host ?? '').slice(0, 100))}. ` +
          'Whoever runs it names the addresses it is reached by in VOXLATE_PUBLIC_ORIGIN or VOXLATE_ALLOWED_HOSTS.',
      ),
    );
  });
}

/** The configured names, lower case, without a trailing dot. */
export function knownNames({ publicOrigin, allowedHosts }: HostNames): string[] {
  const names = allowedHosts.map(bareName);
  if (publicOrigin !== undefined) names.push(bareName(new URL(publicOrigin).hostname));
  return names.filter((name) => name !== '' && name !== '.');
}

/** Whether a Host header names the service: loopback, an IP address or a configured name (any port). */
export function hostAllowed(host: string, known: readonly string[]): boolean {
  const name = hostnameOf(host);
  if (name === undefined) return false;
  if (isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return known.some((allowed) =>
    allowed.startsWith('.') ? name.endsWith(allowed) || `.${name}` === allowed : name === allowed,
  );
}

/** The name of a Host header (`[::1]:5001` -> `::1`), lower case, or undefined when it is not one. */
function hostnameOf(host: string): string | undefined {
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/i.exec(host);
  if (bracketed) return bracketed[1]!.toLowerCase();
  const plain = /^([a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host);
  return plain ? bareName(plain[1]!) : undefined;
}

function bareName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}
