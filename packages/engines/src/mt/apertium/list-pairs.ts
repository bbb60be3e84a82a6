import { plainPairs, type ApertiumPair } from './routes.js';

/** The pairs an apertium-apy at `baseUrl` serves (its `/listPairs`), within `timeoutMs`. */
export async function listPairs(baseUrl: string, timeoutMs: number): Promise<ApertiumPair[]> {
  const response = await fetch(`${baseUrl}/listPairs`, { signal: AbortSignal.timeout(timeoutMs) });
  const body = (await response.json()) as { responseData: { sourceLanguage: string; targetLanguage: string }[] };
  return plainPairs(body.responseData);
}

/** Whether an apertium-apy answers at `baseUrl` within `timeoutMs` (any failure is a no). */
export function answersAt(baseUrl: string, timeoutMs: number): Promise<boolean> {
  return fetch(`${baseUrl}/listPairs`, { signal: AbortSignal.timeout(timeoutMs) }).then(
    (response) => response.ok,
    () => false,
  );
}
