import { ApertiumServer } from './packages/engines/src/mt/apertium/apertium-server.js';

/**
 * One Apertium server (apertium-apy on loopback) for the whole run, stopped after it: every
 * service, worker, CLI run and in-process dubber the tests start uses it (VOXLATE_APERTIUM_URL,
 * inherited from this process), so each language pair's pipeline loads once a run instead of
 * once a process (a cold process paid about 1.8 s before its first line was translated). A test
 * about a process's own server (its supervision, its end with the service, when it is started)
 * sets VOXLATE_APERTIUM_URL to '' for that process, or uses ApertiumServer directly.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Pairs stay loaded for the run: a pair idle for a minute would be loaded again by the next file.
  const server = new ApertiumServer(undefined, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
  process.env['VOXLATE_APERTIUM_URL'] = await server.baseUrl();
  return async () => {
    delete process.env['VOXLATE_APERTIUM_URL'];
    await server.stop();
  };
}
