import { isIP } from 'node:net';
import type { TrustProxy } from './trust-proxy.js';

/** Whether a listen address is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** What decides whether others can reach the service. */
export interface Exposure {
  host: string;
  /** VOXLATE_OPEN=1: run without keys all the same. */
  open: boolean;
  /** VOXLATE_TRUST_PROXY: a reverse proxy hands it requests from others, whatever it listens on. */
  trustProxy: TrustProxy;
}

/**
 * Whether the service must have keys: others can reach it (it listens beyond loopback, or sits
 * behind a reverse proxy) and it was not told to run open (VOXLATE_OPEN=1). Such a service
 * refuses to start without a key, and one whose key file is removed while it runs refuses every
 * request instead of opening (fails closed).
 */
export function keysMandatory(config: Exposure): boolean {
  return !config.open && (config.trustProxy !== false || !isLoopbackHost(config.host));
}

/** Why a service must not start as it is asked to (undefined: it may). */
export function listenRefusal(config: Exposure, hasKeys: boolean): string | undefined {
  if (hasKeys || !keysMandatory(config)) return undefined;
  const proxied = config.trustProxy !== false;
  const where = proxied
    ? `behind a reverse proxy (VOXLATE_TRUST_PROXY=${String(config.trustProxy)})`
    : `on ${config.host}`;
  const loopback = proxied ? '' : 'or listen on 127.0.0.1 only (HOST=127.0.0.1), ';
  return (
    `Refusing to listen ${where} without an API key: anyone who reaches it would get every job, ` +
    'glossary and voice. Make a key first with\n  npm run keys -- add NAME\n(it prints the key once), ' +
    `${loopback}or, on a network that guards the service itself, set VOXLATE_OPEN=1 to run it open.`
  );
}
