import type { PlainNote } from '../lib/plain-note.js';
import type { Session } from '../lib/session-api.js';

/** How the library folders the service names are said to a creator. */
const LIBRARY_WORDS: Record<string, string> = {
  glossaries: 'glossaries',
  memory: 'corrected lines',
  'voice-library': 'saved voices',
};

/**
 * What a signed-in creator whose workspace is empty should know: the service kept what was made
 * before keys were in use, and whoever runs it can give it to this workspace. Undefined when the
 * service said nothing waits.
 */
export function earlierWorkNote(session: Session | undefined): PlainNote | undefined {
  const earlier = session?.earlier_work;
  if (!earlier || !session.workspace) return undefined;
  const parts = [
    ...(earlier.projects > 0 ? [earlier.projects === 1 ? '1 project' : `${earlier.projects} projects`] : []),
    ...earlier.libraries.map((folder) => LIBRARY_WORDS[folder] ?? folder),
  ];
  const what = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'work');
  return {
    text:
      `Work made on this service before it asked for keys (${what}) is kept, but no workspace sees it yet. ` +
      `Whoever runs the service can give it to ${session.workspace.name}.`,
    details: `They stop the service and run: npm run keys -- adopt ${JSON.stringify(session.workspace.name)}`,
  };
}
