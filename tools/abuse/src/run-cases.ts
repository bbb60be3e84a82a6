import { STATUS_BY_CODE } from '@voxlate/server';
import type { AbuseCase } from './abuse-case.js';
import type { AbuseServices } from './abuse-services.js';
import { classify, type Classified } from './classify.js';
import { exchange } from '../../../apps/server/src/test/raw-http.js';

export interface CaseOutcome extends Classified {
  id: string;
  category: string;
  /** When it was sent (epoch ms), and how long its answer took. */
  startedAt: number;
  ms: number;
  /** The case named the statuses it must get and got another. */
  unexpected: boolean;
}

/**
 * Sends the cases, `concurrency` at a time, each on a fresh connection, and classifies every
 * answer. A service found dead after a case is counted as a crash and started again.
 */
export async function runCases(
  cases: readonly AbuseCase[],
  services: AbuseServices,
  options: { concurrency: number; onOutcome?: (outcome: CaseOutcome) => void },
): Promise<CaseOutcome[]> {
  const outcomes: CaseOutcome[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const abuseCase = cases[next++]!;
      const outcome = await runCase(abuseCase, services);
      outcomes.push(outcome);
      options.onOutcome?.(outcome);
      await services.reviveCrashed();
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return outcomes;
}

async function runCase(abuseCase: AbuseCase, services: AbuseServices): Promise<CaseOutcome> {
  const startedAt = Date.now();
  const response = await exchange(
    new URL(services.url(abuseCase.target)),
    abuseCase.request(),
    abuseCase.timeoutMs ?? 60_000,
  );
  const classified = classify(response);
  const unexpected = abuseCase.expect !== undefined && !abuseCase.expect.includes(effectiveStatus(classified));
  return { id: abuseCase.id, category: abuseCase.category, startedAt, ms: response.ms, unexpected, ...classified };
}

/** The HTTP status, or for an SSE answer the status its final event stands for. */
function effectiveStatus(classified: Classified): number {
  if (!classified.status.startsWith('sse:')) return Number(classified.status);
  if (classified.verdict === 'done') return 200;
  return STATUS_BY_CODE[classified.status.slice(4) as keyof typeof STATUS_BY_CODE] ?? 0;
}
