import { PlainNoteView } from './PlainNoteView.js';
import { earlierWorkNote } from './earlier-work-note.js';
import { useSession } from '../session/session-context.js';

/** Said in a signed-in studio with nothing of its own when earlier work waits to be adopted. */
export function EarlierWorkNote() {
  const note = earlierWorkNote(useSession().session);
  return note ? <PlainNoteView note={note} className="card earlier-work" /> : null;
}
