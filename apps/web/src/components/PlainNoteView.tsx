import type { PlainNote } from '../lib/plain-note.js';

/**
 * A note in plain words, with what lies behind it (engine names, figures) folded under
 * "Details". `id` names the sentence, for a control that is described by it.
 */
export function PlainNoteView({ note, className, id }: { note: PlainNote; className: string; id?: string }) {
  return (
    <div className={className} role="note">
      <p {...(id ? { id } : {})}>{note.text}</p>
      {note.details && (
        <details className="note-details">
          <summary>Details</summary>
          <p>{note.details}</p>
        </details>
      )}
    </div>
  );
}
