import { createContext, useContext } from 'react';
import type { Session } from '../lib/session-api.js';

/** The studio's sign-in as the pages see it. */
export interface SessionState {
  /** Undefined until the service has said (or when it could not be asked: the pages say why themselves). */
  session: Session | undefined;
  /** Whether the studio must show the sign-in page instead of its own. */
  needsSignIn: boolean;
  signedIn: (session: Session) => void;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionState>({
  session: undefined,
  needsSignIn: false,
  signedIn: () => undefined,
  signOut: () => Promise.resolve(),
});

export function useSession(): SessionState {
  return useContext(SessionContext);
}
