/** A line's check as both the pipeline and the answers hold it (their parts' verdicts and the score). */
interface CheckedLine {
  id: number;
  check?:
    | {
        score: number;
        verdict: string;
        fit: { verdict: string };
        intelligibility?: { verdict: string } | undefined;
        likeness?: { verdict: string } | undefined;
      }
    | undefined;
}

/** How many of the worst lines a summary names. */
const WORST_NAMED = 3;
/** The verdicts of parts that need nothing. */
const FINE = new Set(['natural pace', 'clear', 'like the speaker']);

/**
 * The lines to listen to first: those whose check is not good, worst first (at most three), as
 * "line 2 (0.00: hard to understand), line 5 (0.60: runs over the next line)"; undefined when
 * every checked line is good. The CLI's summary and the studio's editor both say it.
 */
export function worstLines(lines: readonly CheckedLine[]): string | undefined {
  const weak = lines
    .flatMap((line) => (line.check && line.check.verdict !== 'good' ? [{ id: line.id, check: line.check }] : []))
    .sort((a, b) => a.check.score - b.check.score || a.id - b.id)
    .slice(0, WORST_NAMED);
  if (weak.length === 0) return undefined;
  return weak.map(({ id, check }) => `line ${id + 1} (${check.score.toFixed(2)}: ${worstParts(check)})`).join(', ');
}

/** What made the line's score: the verdicts of its parts that are not fine. */
function worstParts(check: NonNullable<CheckedLine['check']>): string {
  const verdicts = [check.fit.verdict, check.intelligibility?.verdict, check.likeness?.verdict].flatMap((v) => v ?? []);
  return verdicts.filter((verdict) => !FINE.has(verdict)).join(', ') || check.verdict;
}
