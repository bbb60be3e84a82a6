import { isIP } from 'node:net';

/** Whether a listen address is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/**
 * Whether the service must have keys: it listens beyond loopback and was not told to run open
 * (VOXLATE_OPEN=1). Such a service refuses to start without a key, and one whose key file is
 * removed while it runs refuses every request instead of opening (fails closed).
 */
export function keysMandatory(config: { host: string; open: boolean }): boolean {
  return !config.open && !isLoopbackHost(config.host);
}

/** Why a service must not start as it is asked to (undefined: it may). */
export function listenRefusal(config: { host: string; open: boolean }, hasKeys: boolean): string | undefined {
  if (hasKeys || !keysMandatory(config)) return undefined;
  return (
    `Refusing to listen on ${config.host} without an API key: anyone who reaches the port would get every ` +
    'job, glossary and voice. Make a key first with\n  npm run keys -- add NAME\n(it prints the key once), ' +
    'or listen on 127.0.0.1 only (HOST=127.0.0.1), or, on a network that guards the service itself, set ' +
    'VOXLATE_OPEN=1 to run it open.'
  );
}
