import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../lib/page-title.js';

/** Any address the studio does not have: says so, and offers the way back. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle('Page not found');
  return (
    <section className="section not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>.
      </p>
      <p className="hero-actions">
        <Link className="button" to="/">
          Back to the home page
        </Link>
        <Link className="button secondary" to="/creator-studio">
          Open the Creator Studio
        </Link>
      </p>
    </section>
  );
}
