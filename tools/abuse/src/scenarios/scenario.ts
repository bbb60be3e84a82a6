/** The outcome of one scenario: whether the service held, and what was seen. */
export interface ScenarioResult {
  name: string;
  held: boolean;
  detail: string;
  /** Answers by status, where the scenario sends requests. */
  statuses?: Record<string, number>;
}

export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

export async function waitUntil(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}
