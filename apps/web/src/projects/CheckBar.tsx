import { worstLines, type JobLine } from '@voxlate/contract';

/** How the editor orders and filters the lines by their check. */
export interface CheckView {
  worstFirst: boolean;
  onlyToHear: boolean;
}

/**
 * The dub's own check above the lines: which lines to listen to first (each dubbed line was heard
 * back and timed), with switches to put the worst first and to show only those worth a listen.
 */
export function CheckBar({
  lines,
  view,
  onView,
}: {
  lines: readonly JobLine[];
  view: CheckView;
  onView: (view: CheckView) => void;
}) {
  const checked = lines.filter((line) => line.check);
  if (checked.length === 0) return null;
  const worst = worstLines(lines);
  const heard = checked.some((line) => line.check?.intelligibility);
  return (
    <div className="review-bar check-bar">
      <p className="review-summary" role="status">
        {worst ? `Listen first to ${worst}.` : 'Every dubbed line checks good.'}{' '}
        {heard ? '' : 'No recogniser for this language is installed: the lines were timed, not heard back.'}
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
  const kept = view.onlyToHear ? lines.filter((line) => line.check && line.check.verdict !== 'good') : [...lines];
  return view.worstFirst ? kept.sort((a, b) => (a.check?.score ?? 1) - (b.check?.score ?? 1) || a.id - b.id) : kept;
}

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
      Check {check.score.toFixed(2)}:{' '}
      {check.verdict === 'good' ? 'good' : check.verdict === 'listen' ? 'listen' : 'redo'}
      {' · '}
      {parts.join(' · ')}
    </span>
  );
}
