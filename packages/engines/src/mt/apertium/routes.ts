/** A directed Apertium pair, in Apertium's codes (ISO 639-3 for the languages we use). */
export interface ApertiumPair {
  source: string;
  target: string;
}

/**
 * Pivot languages tried, in order, when no direct pair exists. Catalan first: eng->fra and
 * eng->ita measured better through Catalan than through Spanish.
 */
export const PIVOTS = ['cat', 'spa'] as const;

/** The shortest route (direct, else one pivot), as the list of languages visited. */
export function findRoute(
  pairs: readonly ApertiumPair[],
  source: string,
  target: string,
  pivots: readonly string[] = PIVOTS,
): string[] | undefined {
  const has = (a: string, b: string): boolean => pairs.some((pair) => pair.source === a && pair.target === b);
  if (source === target) return undefined;
  if (has(source, target)) return [source, target];
  for (const pivot of pivots) {
    if (pivot !== source && pivot !== target && has(source, pivot) && has(pivot, target)) {
      return [source, pivot, target];
    }
  }
  return undefined;
}

/** APY lists variants such as "cat_valencia" or "eng_US"; keep the plain language pairs. */
export function plainPairs(listed: readonly { sourceLanguage: string; targetLanguage: string }[]): ApertiumPair[] {
  return listed
    .filter((pair) => !pair.sourceLanguage.includes('_') && !pair.targetLanguage.includes('_'))
    .map((pair) => ({ source: pair.sourceLanguage, target: pair.targetLanguage }));
}
