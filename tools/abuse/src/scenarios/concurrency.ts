import { readFileSync } from 'node:fs';
import type { AbuseServices } from '../abuse-services.js';
import { classify } from '../classify.js';
import { formType, translateForm } from '../cases/form-data.js';
import type { BaseMedia } from '../cases/media-files.js';
import { exchange } from '../../../../apps/server/src/test/raw-http.js';
import { countBy, type ScenarioResult } from './scenario.js';

/**
 * 20 dubs sent at once, first from one address, then from 20 (127.0.0.2-21). One client past its
 * share gets 429; a full line gets 503 with Retry-After; every other request is done. Nothing
 * else: no 500, no lost answer.
 */
export async function concurrency(services: AbuseServices, base: BaseMedia): Promise<ScenarioResult[]> {
  const body = translateForm(readFileSync(base.speechWav), 'speech.wav');
  const url = new URL(services.url('service'));
  const burst = async (name: string, from: (i: number) => string | undefined): Promise<ScenarioResult> => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        exchange(
          url,
          { method: 'POST', path: '/translate', headers: formType(), body, ...(from(i) ? { from: from(i)! } : {}) },
          300_000,
        ),
      ),
    );
    const verdicts = answers.map((answer) => ({ answer, verdict: classify(answer) }));
    const held = verdicts.every(({ verdict }) => ['done', 'refused', 'busy'].includes(verdict.verdict));
    const statuses = countBy(verdicts, ({ answer }) => String(answer.status || 'no answer'));
    return {
      name,
      held,
      statuses,
      detail: Object.entries(statuses)
        .map(([s, n]) => `${n} x ${s}`)
        .join(', '),
    };
  };
  return [
    await burst('20 concurrent dubs from one client', () => undefined),
    await burst('20 concurrent dubs from 20 clients', (i) => `127.0.0.${i + 2}`),
  ];
}
