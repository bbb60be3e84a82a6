/** Word-level edit distance between a reference and a hypothesis, with the reference length. */
export function wordErrors(reference: string, hypothesis: string): { errors: number; words: number } {
  const ref = words(reference);
  const hyp = words(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1));
    }
    previous = current;
  }
  return { errors: previous[hyp.length]!, words: ref.length };
}

/** Word error rate: 0 is perfect; can exceed 1 when the hypothesis adds many words. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const { errors, words: count } = wordErrors(reference, hypothesis);
  return count === 0 ? 0 : errors / count;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}
