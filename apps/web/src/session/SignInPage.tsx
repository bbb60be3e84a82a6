import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../lib/page-title.js';
import { signIn } from '../lib/session-api.js';
import { useSession } from './session-context.js';

/**
 * Shown instead of a studio page while the service asks for a key and this browser has none: the
 * key is sent once and kept by the service in an HttpOnly cookie for this browser session.
 */
export function SignInPage() {
  usePageTitle('Sign in');
  const { signedIn } = useSession();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    signIn(key).then(
      (session) => {
        setKey('');
        signedIn(session);
      },
      (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : String(failure));
        setBusy(false);
      },
    );
  };

  return (
    <section className="card sign-in" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">Sign in to the studio</h1>
      <p>This Voxlate service asks for a key to your workspace: ask whoever runs it for one.</p>
      <details className="note-details">
        <summary>Details</summary>
        <p>
          Whoever runs the service makes a key with <code>npm run keys -- add NAME</code>; the key begins with{' '}
          <code>vxk_</code>.
        </p>
      </details>
      <form onSubmit={submit}>
        <label className="field">
          <span>API key</span>
          <input
            type="password"
            name="key"
            autoComplete="off"
            spellCheck={false}
            value={key}
            required
            onChange={(event) => setKey(event.target.value)}
          />
        </label>
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="button" disabled={busy || key.trim() === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}
