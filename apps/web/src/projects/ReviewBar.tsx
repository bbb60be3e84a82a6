import type { EngineUse } from '@voxlate/contract';

/**
 * Above the lines: how many want a look (and a switch to show only those), and what made the
 * dub: every engine with its quality label (under a disclosure: engine names are not a creator's words),
 * so a gist or an offline recogniser is never a surprise.
 */
export function ReviewBar({
  flagged,
  total,
  onlyFlagged,
  onToggle,
  engines,
}: {
  flagged: number;
  total: number;
  onlyFlagged: boolean;
  onToggle: (only: boolean) => void;
  engines: readonly EngineUse[] | undefined;
}) {
  return (
    <div className="review-bar">
      <p className="review-summary" role="status">
        {flagged === 0
          ? `No line is flagged for a look (${total} ${total === 1 ? 'line' : 'lines'}).`
          : `${flagged} of ${total} ${total === 1 ? 'line wants' : 'lines want'} a look before you publish.`}
      </p>
      {flagged > 0 && (
        <label className="checkbox review-filter">
          <input type="checkbox" checked={onlyFlagged} onChange={(event) => onToggle(event.target.checked)} />
          Show only lines to check
        </label>
      )}
      {engines && engines.length > 0 && (
        <details className="note-details engines-used">
          <summary>How this dub was made</summary>
          <p>
            Made with:{' '}
            {engines.map((use, i) => (
              <span key={use.task}>
                {i > 0 && ', '}
                {use.task} <strong>{use.engine}</strong> ({use.quality})
              </span>
            ))}
          </p>
        </details>
      )}
    </div>
  );
}
