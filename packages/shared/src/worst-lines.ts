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
    .flatMap((line) => (line.check && toHear(line.check.verdict) ? [{ id: line.id, check: line.check }] : []))
    .sort((a, b) => a.check.score - b.check.score || a.id - b.id)
    .slice(0, WORST_NAMED);
  if (weak.length === 0) return undefined;
  return weak.map(({ id, check }) => `line ${id + 1} (${check.score.toFixed(2)}: ${worstParts(check)})`).join(', ');
}

/** Whether a line's verdict asks for a listen ('listen', 'redo'; not 'good', nor 'timed' with nothing found). */
export function toHear(verdict: string): boolean {
  return verdict === 'listen' || verdict === 'redo';
}

/**
 * The dub's check in a sentence or two, as the CLI and the studio say it: the lines to listen to
 * first, and how many were heard back. A line nobody heard back is never called good; `language`
 * names the dub's language where none could be heard.
 */
export function checkSummary(lines: readonly CheckedLine[], language: string): string | undefined {
  const checked = lines.filter((line) => line.check);
  if (checked.length === 0) return undefined;
  const heard = checked.filter((line) => line.check?.intelligibility).length;
  const timed = checked.length - heard;
  const worst = worstLines(lines);
  const noRecogniser = `timed only, not heard back (no recogniser for ${language} is installed here)`;
  if (!worst) {
    if (timed === 0) return 'Every dubbed line was heard back and checks good.';
    if (heard === 0) return `The lines were ${noRecogniser}: their timing is fine, but none is called good.`;
    return `The ${heard} lines heard back check good; ${timed} ${timed === 1 ? 'was' : 'were'} timed only, not heard back.`;
  }
  if (timed === 0) return `Listen first to ${worst}.`;
  if (heard === 0) return `Listen first to ${worst}. The lines were ${noRecogniser}.`;
  return `Listen first to ${worst}. ${timed} ${timed === 1 ? 'line was' : 'lines were'} timed only, not heard back.`;
}

/** What made the line's score: the verdicts of its parts that are not fine. */
function worstParts(check: NonNullable<CheckedLine['check']>): string {
  const verdicts = [check.fit.verdict, check.intelligibility?.verdict, check.likeness?.verdict].flatMap((v) => v ?? []);
  return verdicts.filter((verdict) => !FINE.has(verdict)).join(', ') || check.verdict;
}
