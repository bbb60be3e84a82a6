import { useSession } from './session-context.js';

/** The workspace this browser is signed in to, and the way out (nothing without keys). */
export function WorkspaceBadge() {
  const { session, signOut } = useSession();
  if (!session?.workspace) return null;
  return (
    <div className="workspace-badge">
      <span className="workspace-name" title={session.workspace.name}>
        <span className="workspace-label">Workspace: </span>
        <strong>{session.workspace.name}</strong>
      </span>
      <button type="button" className="button secondary" onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}
