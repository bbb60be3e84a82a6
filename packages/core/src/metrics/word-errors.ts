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

/**
 * For each word of the hypothesis, whether it is right: aligned to the same word of the
 * reference by the edit distance's cheapest path (a substituted or inserted word is wrong).
 */
export function hypothesisWordsRight(reference: string, hypothesis: string): boolean[] {
  const ref = words(reference).map(spelledOut);
  const hyp = words(hypothesis).map(spelledOut);
  // cost[i][j]: edits to turn ref[0..i) into hyp[0..j).
  const cost = Array.from({ length: ref.length + 1 }, (_, i) =>
    Array.from({ length: hyp.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= ref.length; i++) {
    for (let j = 1; j <= hyp.length; j++) {
      const same = ref[i - 1] === hyp[j - 1] ? 0 : 1;
      cost[i]![j] = Math.min(cost[i - 1]![j - 1]! + same, cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1);
    }
  }
  const right = new Array<boolean>(hyp.length).fill(false);
  for (let i = ref.length, j = hyp.length; j > 0;) {
    if (i > 0 && cost[i]![j] === cost[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1)) {
      right[j - 1] = ref[i - 1] === hyp[j - 1];
      i--;
      j--;
    } else if (i > 0 && cost[i]![j] === cost[i - 1]![j]! + 1) i--;
    else j--;
  }
  return right;
}

/** The same word however it is written: a recogniser's "mr" for a transcript's "mister" is right. */
const ABBREVIATIONS: Readonly<Record<string, string>> = { mr: 'mister', mrs: 'missus', dr: 'doctor', st: 'saint' };

function spelledOut(word: string): string {
  return ABBREVIATIONS[word] ?? word;
}
