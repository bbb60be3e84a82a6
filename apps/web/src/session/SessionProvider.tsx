import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SIGNED_OUT_EVENT } from '../lib/api.js';
import { fetchSession, signOut as endSession, type Session } from '../lib/session-api.js';
import { SessionContext, type SessionState } from './session-context.js';

/**
 * Asks the service once whether it wants a key and which workspace this browser is signed in to,
 * and again whenever a request is refused with 401 (a key revoked while the page was open).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | undefined>();

  const check = useCallback((signal?: AbortSignal) => {
    fetchSession(signal).then(setSession, () => undefined);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    check(controller.signal);
    const recheck = (): void => check();
    window.addEventListener(SIGNED_OUT_EVENT, recheck);
    return () => {
      controller.abort();
      window.removeEventListener(SIGNED_OUT_EVENT, recheck);
    };
  }, [check]);

  const state = useMemo<SessionState>(
    () => ({
      session,
      needsSignIn: session !== undefined && session.keys_required && session.workspace === null,
      signedIn: setSession,
      signOut: async () => {
        await endSession();
        setSession((known) => (known ? { ...known, workspace: null } : known));
      },
    }),
    [session],
  );
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}
