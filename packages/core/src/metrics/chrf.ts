/** Character n-gram orders and recall weight of chrF (Popović 2015), as sacreBLEU's default chrF. */
const MAX_ORDER = 6;
const BETA = 2;

interface OrderCounts {
  matched: number;
  hypothesis: number;
  reference: number;
}

/**
 * Corpus chrF (0-100): character n-gram (1-6) precision and recall summed over all sentence
 * pairs, averaged over the orders, combined with recall weighted twice. Whitespace is ignored,
 * so it also works for Chinese and Japanese, which have no spaces between words.
 */
export function corpusChrF(pairs: readonly { reference: string; hypothesis: string }[]): number {
  const totals: OrderCounts[] = Array.from({ length: MAX_ORDER }, () => ({ matched: 0, hypothesis: 0, reference: 0 }));
  for (const { reference, hypothesis } of pairs) {
    const ref = [...reference.replace(/\s+/g, '')];
    const hyp = [...hypothesis.replace(/\s+/g, '')];
    for (let n = 1; n <= MAX_ORDER; n++) {
      const refGrams = ngrams(ref, n);
      const hypGrams = ngrams(hyp, n);
      const total = totals[n - 1]!;
      for (const [gram, count] of hypGrams) total.matched += Math.min(count, refGrams.get(gram) ?? 0);
      total.hypothesis += Math.max(0, hyp.length - n + 1);
      total.reference += Math.max(0, ref.length - n + 1);
    }
  }
  const orders = totals.filter((total) => total.reference > 0);
  if (orders.length === 0) return 0;
  const precision = average(orders.map((t) => (t.hypothesis > 0 ? t.matched / t.hypothesis : 0)));
  const recall = average(orders.map((t) => t.matched / t.reference));
  if (precision + recall === 0) return 0;
  return (100 * (1 + BETA ** 2) * precision * recall) / (BETA ** 2 * precision + recall);
}

function ngrams(chars: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
