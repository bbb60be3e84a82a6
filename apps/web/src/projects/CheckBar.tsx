import { LANGUAGES, type JobLine, type LanguageCode } from '@voxlate/contract';
import { checkSummary, toHear, worstLines } from '@voxlate/shared';

/** How the editor orders and filters the lines by their check. */
export interface CheckView {
  worstFirst: boolean;
  onlyToHear: boolean;
}

/**
 * The dub's own check above the lines: which lines to listen to first, and how many were heard
 * back (a line only timed is never called good), with switches to put the worst first and to
 * show only those worth a listen.
 */
export function CheckBar({
  lines,
  language,
  view,
  onView,
}: {
  lines: readonly JobLine[];
  /** The dub's language (its name is said when no line could be heard back). */
  language: LanguageCode;
  view: CheckView;
  onView: (view: CheckView) => void;
}) {
  const summary = checkSummary(lines, LANGUAGES[language].name);
  if (summary === undefined) return null;
  const worst = worstLines(lines);
  return (
    <div className="review-bar check-bar">
      <p className="review-summary" role="status">
        {summary}
      </p>
      <label className="checkbox review-filter">
        <input
          type="checkbox"
          checked={view.worstFirst}
          onChange={(event) => onView({ ...view, worstFirst: event.target.checked })}
        />
        Worst dubbed lines first
      </label>
      {worst && (
        <label className="checkbox review-filter">
          <input
            type="checkbox"
            checked={view.onlyToHear}
            onChange={(event) => onView({ ...view, onlyToHear: event.target.checked })}
          />
          Show only lines to listen to
        </label>
      )}
    </div>
  );
}

/** The lines as the view asks: those worth a listen only, and the lowest score first. */
export function linesInView(lines: readonly JobLine[], view: CheckView): JobLine[] {
  const kept = view.onlyToHear ? lines.filter((line) => line.check && toHear(line.check.verdict)) : [...lines];
  return view.worstFirst ? kept.sort((a, b) => (a.check?.score ?? 1) - (b.check?.score ?? 1) || a.id - b.id) : kept;
}

/** A line's verdict as the editor says it. */
const VERDICT_TEXT: Readonly<Record<NonNullable<JobLine['check']>['verdict'], string>> = {
  good: 'good',
  timed: 'timed only, not heard back',
  listen: 'listen',
  redo: 'redo',
};

/** A line's check in the editor: its score and verdict, what was heard, how it fits. */
export function CheckNote({ line }: { line: JobLine }) {
  const { check } = line;
  if (!check) return null;
  const parts = [
    check.intelligibility ? `${check.intelligibility.verdict} (heard “${check.intelligibility.heard}”)` : undefined,
    check.fit.verdict,
    check.likeness?.verdict,
  ].filter(Boolean);
  return (
    <span className={`check ${check.verdict}`} data-testid={`check-${line.id}`}>
      Check {check.score.toFixed(2)}: {VERDICT_TEXT[check.verdict]}
      {' · '}
      {parts.join(' · ')}
    </span>
  );
}
