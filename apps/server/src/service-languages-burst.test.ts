import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantsOf, startService, type RunningService } from './test/service-process.js';

/**
 * 20 language lists at once on a fresh service (issue 27): listing what is installed reads the
 * installed pairs and models, and starts no translator; the service's process tree holds no
 * Apertium server after the burst (it held 9-10, and 20 requests started 200, through a race).
 */
let service: RunningService;
beforeAll(async () => {
  // With the run's shared server its own would never start, whatever the route did: it starts its own.
  service = await startService({ VOXLATE_APERTIUM_URL: '' });
});
afterAll(async () => service?.stop());

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

describe('a burst of language lists', () => {
  it('answers all 20 and starts no Apertium server', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => (await fetch(`${service.url}/api/languages`)).status),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, () => 200));
    const servers = descendantsOf(service.pid).filter((pid) => /apertium-apy|apy-loopback/.test(commandOf(pid)));
    expect(servers).toEqual([]);
  });
});
