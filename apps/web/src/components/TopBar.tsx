import { Link, useLocation } from 'react-router-dom';
import { WorkspaceBadge } from '../session/WorkspaceBadge.js';

/**
 * Hidden on "/"; full width on the studio and its pages; brand link and Creator Studio button
 * elsewhere; the workspace signed in to, when the service asks for keys.
 */
export function TopBar() {
  const { pathname } = useLocation();
  if (pathname === '/') return null;
  return (
    <header className={`top-bar${pathname.startsWith('/creator-studio') ? ' full-width' : ''}`}>
      <Link to="/" className="brand">
        Voxlate
      </Link>
      <div className="top-bar-actions">
        <WorkspaceBadge />
        <Link to="/creator-studio" className="button" aria-label="Creator Studio">
          <span className="long-label">Creator </span>Studio
        </Link>
      </div>
    </header>
  );
}
